/**
 * Reads the construct library's public surface (classes, their props interfaces, static members,
 * attributes) and TSDoc from one `ts.Program` over `constructs/index.ts`, for the construct
 * reference in `docs/`. Reading declarations rather than running code keeps the types "as written".
 */
import ts from 'typescript';

/** One field of a construct's props interface. */
export interface PropDoc {
  /** The field name. */
  readonly name: string;
  /** The type as written in the source, whitespace collapsed. */
  readonly type: string;
  /** Declared with `?`. */
  readonly optional: boolean;
  /** The `@default` tag's text, when there is one. */
  readonly defaultText: string | undefined;
  /** The TSDoc text without tags; for an undocumented inherited field, the interface it comes from. */
  readonly description: string;
}

/** A static method or property, or an instance attribute, with its signature as written. */
export interface MemberDoc {
  /** E.g. `User.fromLogin(scope: Construct, id: string, login: string): IUser & ITaggable`. */
  readonly signature: string;
  /** The TSDoc text without tags. */
  readonly description: string;
}

/** One documented class: a construct (it extends `Construct`) or a factory with static members. */
export interface ClassDoc {
  /** The exported name. */
  readonly name: string;
  /** It extends `Construct`; otherwise it is listed for its static members. */
  readonly isConstruct: boolean;
  /** Declared `abstract`. */
  readonly isAbstract: boolean;
  /** The class's TSDoc text without tags. */
  readonly summary: string;
  /** `new X(...)` as written; absent when the constructor is private. */
  readonly constructorSignature: string | undefined;
  /** The props interface's name, when the constructor takes a `props` of a named interface type. */
  readonly propsName: string | undefined;
  /** The props interface's fields, its own first, then inherited ones. */
  readonly props: readonly PropDoc[];
  /** Public static methods and properties not marked `@internal`. */
  readonly statics: readonly MemberDoc[];
  /** Public instance properties and getters not marked `@internal`. */
  readonly attributes: readonly MemberDoc[];
}

/** Options that keep the program small: no `@types/*` scanning, no emit, no library checking. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/**
 * Every exported class of `indexFile` that extends `Construct` or has public static members, in
 * export order. Throws when `indexFile` cannot be read as a module.
 */
export function collectClassDocs(indexFile: string): ClassDoc[] {
  const program = ts.createProgram({
    rootNames: [indexFile],
    options: COMPILER_OPTIONS,
    host: hostWithoutNodeBuiltins(),
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(indexFile);
  const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`construct reference: ${indexFile}: not found or not a module`);
  const docs: ClassDoc[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.declarations?.find(ts.isClassDeclaration);
    if (decl === undefined) continue;
    const doc = classDoc(checker, exported.name, symbol, decl);
    if (doc.isConstruct || doc.statics.length > 0) docs.push(doc);
  }
  return docs;
}

/**
 * A compiler host that leaves `node:` imports unresolved: the construct API never exposes Node's
 * types, and skipping `@types/node` (60-odd files) halves the time to build the program.
 */
function hostWithoutNodeBuiltins(): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options) =>
    literals.map((literal) =>
      literal.text.startsWith('node:')
        ? { resolvedModule: undefined }
        : ts.resolveModuleName(literal.text, containingFile, options, host, undefined, redirected),
    );
  return host;
}

function classDoc(checker: ts.TypeChecker, name: string, symbol: ts.Symbol, decl: ts.ClassDeclaration): ClassDoc {
  const ctor = findConstructor(checker, decl);
  const propsParam = ctor?.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === 'props');
  const propsType =
    propsParam?.type !== undefined && ts.isTypeReferenceNode(propsParam.type) ? propsParam.type : undefined;
  const propsName = propsType === undefined ? undefined : propsType.typeName.getText();
  const isPublic = (m: ts.ClassElement): boolean =>
    !hasModifier(m, ts.SyntaxKind.PrivateKeyword) &&
    !hasModifier(m, ts.SyntaxKind.ProtectedKeyword) &&
    !isInternal(m) &&
    m.name !== undefined &&
    !ts.isComputedPropertyName(m.name) &&
    !ts.isPrivateIdentifier(m.name);
  const members = decl.members.filter(isPublic);
  return {
    name,
    isConstruct: extendsConstruct(checker, symbol),
    isAbstract: hasModifier(decl, ts.SyntaxKind.AbstractKeyword),
    summary: docText(checker, symbol),
    constructorSignature:
      ctor === undefined || hasModifier(ctor, ts.SyntaxKind.PrivateKeyword)
        ? undefined
        : `new ${name}(${parameterList(ctor)})`,
    propsName,
    props: propsType === undefined ? [] : propDocs(checker, checker.getTypeFromTypeNode(propsType), propsName!),
    statics: members
      .filter((m) => hasModifier(m, ts.SyntaxKind.StaticKeyword))
      .map((m) => memberDoc(checker, m, `${name}.`)),
    attributes: members
      .filter(
        (m) =>
          !hasModifier(m, ts.SyntaxKind.StaticKeyword) &&
          (ts.isPropertyDeclaration(m) || ts.isGetAccessorDeclaration(m)),
      )
      .map((m) => memberDoc(checker, m, '')),
  };
}

/** The class's own constructor, or the nearest inherited one (a class without one takes its base's). */
function findConstructor(checker: ts.TypeChecker, decl: ts.ClassDeclaration): ts.ConstructorDeclaration | undefined {
  for (let c: ts.ClassDeclaration | undefined = decl; c !== undefined; c = baseClassDeclaration(checker, c)) {
    const ctor = c.members.find(ts.isConstructorDeclaration);
    if (ctor !== undefined) return ctor;
  }
  return undefined;
}

function baseClassDeclaration(checker: ts.TypeChecker, decl: ts.ClassDeclaration): ts.ClassDeclaration | undefined {
  const heritage = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  if (heritage === undefined) return undefined;
  return checker.getTypeAtLocation(heritage.expression).getSymbol()?.declarations?.find(ts.isClassDeclaration);
}

/** True when `Construct` (the `constructs` package's class) is among the class's ancestors. */
function extendsConstruct(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  const pending: ts.Type[] = [checker.getDeclaredTypeOfSymbol(symbol)];
  for (let i = 0; i < pending.length && i < 32; i++) {
    const t = pending[i]!;
    const decl = t.getSymbol()?.declarations?.[0];
    if (
      t.getSymbol()?.name === 'Construct' &&
      decl !== undefined &&
      /[\\/]node_modules[\\/]constructs[\\/]/.test(decl.getSourceFile().fileName)
    )
      return true;
    if (t.isClassOrInterface()) pending.push(...(checker.getBaseTypes(t) ?? []));
  }
  return false;
}

function propDocs(checker: ts.TypeChecker, type: ts.Type, propsName: string): PropDoc[] {
  return checker.getPropertiesOfType(type).map((prop) => {
    const decl = prop.valueDeclaration;
    const written =
      decl !== undefined && (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) ? decl.type : undefined;
    const defaultTag = prop.getJsDocTags(checker).find((t) => t.name === 'default');
    const owner = decl !== undefined && ts.isInterfaceDeclaration(decl.parent) ? decl.parent.name.text : undefined;
    const own = docText(checker, prop);
    return {
      name: prop.name,
      type: written === undefined ? checker.typeToString(checker.getTypeOfSymbol(prop)) : oneLine(written.getText()),
      optional: (prop.flags & ts.SymbolFlags.Optional) !== 0,
      defaultText: defaultTag === undefined ? undefined : oneLine(ts.displayPartsToString(defaultTag.text)),
      // An undocumented inherited field at least says where it comes from.
      description: own !== '' || owner === undefined || owner === propsName ? own : `From \`${owner}\`.`,
    };
  });
}

function memberDoc(checker: ts.TypeChecker, member: ts.ClassElement, prefix: string): MemberDoc {
  const name = member.name!.getText();
  const symbol = checker.getSymbolAtLocation(member.name!);
  const description = symbol === undefined ? '' : docText(checker, symbol);
  if (ts.isMethodDeclaration(member)) {
    const returns = member.type === undefined ? '' : `: ${oneLine(member.type.getText())}`;
    return { signature: `${prefix}${name}(${parameterList(member)})${returns}`, description };
  }
  const typed =
    (ts.isPropertyDeclaration(member) || ts.isGetAccessorDeclaration(member)) && member.type !== undefined
      ? member.type
      : undefined;
  const type = typed !== undefined ? oneLine(typed.getText()) : checker.typeToString(checker.getTypeAtLocation(member));
  const readonly =
    ts.isGetAccessorDeclaration(member) || hasModifier(member, ts.SyntaxKind.ReadonlyKeyword) ? 'readonly ' : '';
  return { signature: `${readonly}${prefix}${name}: ${type}`, description };
}

/** `a: A, b?: B`: an initializer makes a parameter optional to the caller, so it is shown as `?`. */
function parameterList(fn: ts.SignatureDeclaration): string {
  return fn.parameters
    .map((p) => {
      const optional = p.questionToken !== undefined || p.initializer !== undefined ? '?' : '';
      return `${p.dotDotDotToken ? '...' : ''}${p.name.getText()}${optional}${p.type ? `: ${oneLine(p.type.getText())}` : ''}`;
    })
    .join(', ');
}

function docText(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function isInternal(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === 'internal');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
