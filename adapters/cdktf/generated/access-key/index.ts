// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface AccessKeyConfig extends cdktf.TerraformMetaArguments {
  /**
  * What the key is for (1 to 150 characters); it names the key, so it is unique per owner in a stack; changed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#description AccessKey#description}
  */
  readonly description: string;
  /**
  * The destination may be replaced when it exists (a file atomically, by a rename); else an existing one is refused before the key is made. Default: false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#overwrite_secret AccessKey#overwrite_secret}
  */
  readonly overwriteSecret?: boolean | cdktf.IResolvable;
  /**
  * Where the secret is handed over, once, at create: a local `file` (made with mode 0600; relative to the directory of the synth) or a Manta `object` under `roleTags`. A change makes a new key there. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#secret_to AccessKey#secret_to}
  */
  readonly secretTo: AccessKeySecretTo;
  /**
  * `Active` (the key signs requests) or `Inactive` (disabled, kept); changed in place. Default: "Active".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#status AccessKey#status}
  */
  readonly status?: string;
}
export interface AccessKeySecretTo {
  /**
  * Local file the secret is written to, with mode 0600.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#file AccessKey#file}
  */
  readonly file?: string;
  /**
  * Manta object the secret is written to.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#object AccessKey#object}
  */
  readonly object?: string;
  /**
  * Role names set as role tags on `object`: the roles that may read the secret.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#role_tags AccessKey#role_tags}
  */
  readonly roleTags?: string[];
}

export function accessKeySecretToToTerraform(struct?: AccessKeySecretTo | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    file: cdktf.stringToTerraform(struct!.file),
    object: cdktf.stringToTerraform(struct!.object),
    role_tags: cdktf.listMapper(cdktf.stringToTerraform, false)(struct!.roleTags),
  }
}


export function accessKeySecretToToHclTerraform(struct?: AccessKeySecretTo | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    file: {
      value: cdktf.stringToHclTerraform(struct!.file),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    object: {
      value: cdktf.stringToHclTerraform(struct!.object),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    role_tags: {
      value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(struct!.roleTags),
      isBlock: false,
      type: "list",
      storageClassType: "stringList",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class AccessKeySecretToOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): AccessKeySecretTo | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._file !== undefined) {
      hasAnyValues = true;
      internalValueResult.file = this._file;
    }
    if (this._object !== undefined) {
      hasAnyValues = true;
      internalValueResult.object = this._object;
    }
    if (this._roleTags !== undefined) {
      hasAnyValues = true;
      internalValueResult.roleTags = this._roleTags;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: AccessKeySecretTo | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._file = undefined;
      this._object = undefined;
      this._roleTags = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._file = value.file;
      this._object = value.object;
      this._roleTags = value.roleTags;
    }
  }

  // file - computed: false, optional: true, required: false
  private _file?: string; 
  public get file() {
    return this.getStringAttribute('file');
  }
  public set file(value: string) {
    this._file = value;
  }
  public resetFile() {
    this._file = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get fileInput() {
    return this._file;
  }

  // object - computed: false, optional: true, required: false
  private _object?: string; 
  public get object() {
    return this.getStringAttribute('object');
  }
  public set object(value: string) {
    this._object = value;
  }
  public resetObject() {
    this._object = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get objectInput() {
    return this._object;
  }

  // role_tags - computed: false, optional: true, required: false
  private _roleTags?: string[]; 
  public get roleTags() {
    return this.getListAttribute('role_tags');
  }
  public set roleTags(value: string[]) {
    this._roleTags = value;
  }
  public resetRoleTags() {
    this._roleTags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get roleTagsInput() {
    return this._roleTags;
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key tritoniac_access_key}
*/
export class AccessKey extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_access_key";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a AccessKey resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the AccessKey to import
  * @param importFromId The id of the existing AccessKey that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the AccessKey to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_access_key", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key tritoniac_access_key} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options AccessKeyConfig
  */
  public constructor(scope: Construct, id: string, config: AccessKeyConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_access_key',
      terraformGeneratorMetadata: {
        providerName: 'tritoniac',
        providerVersionConstraint: '0.1.0'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._description = config.description;
    this._overwriteSecret = config.overwriteSecret;
    this._secretTo.internalValue = config.secretTo;
    this._status = config.status;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // accesskeyid - computed: true, optional: false, required: false
  public get accesskeyid() {
    return this.getStringAttribute('accesskeyid');
  }

  // created - computed: true, optional: false, required: false
  public get created() {
    return this.getStringAttribute('created');
  }

  // description - computed: false, optional: false, required: true
  private _description?: string; 
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // overwrite_secret - computed: false, optional: true, required: false
  private _overwriteSecret?: boolean | cdktf.IResolvable; 
  public get overwriteSecret() {
    return this.getBooleanAttribute('overwrite_secret');
  }
  public set overwriteSecret(value: boolean | cdktf.IResolvable) {
    this._overwriteSecret = value;
  }
  public resetOverwriteSecret() {
    this._overwriteSecret = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get overwriteSecretInput() {
    return this._overwriteSecret;
  }

  // secret_to - computed: false, optional: false, required: true
  private _secretTo = new AccessKeySecretToOutputReference(this, "secret_to");
  public get secretTo() {
    return this._secretTo;
  }
  public putSecretTo(value: AccessKeySecretTo) {
    this._secretTo.internalValue = value;
  }
  // Temporarily expose input value. Use with caution.
  public get secretToInput() {
    return this._secretTo.internalValue;
  }

  // status - computed: false, optional: true, required: false
  private _status?: string; 
  public get status() {
    return this.getStringAttribute('status');
  }
  public set status(value: string) {
    this._status = value;
  }
  public resetStatus() {
    this._status = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusInput() {
    return this._status;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      description: cdktf.stringToTerraform(this._description),
      overwrite_secret: cdktf.booleanToTerraform(this._overwriteSecret),
      secret_to: accessKeySecretToToTerraform(this._secretTo.internalValue),
      status: cdktf.stringToTerraform(this._status),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      overwrite_secret: {
        value: cdktf.booleanToHclTerraform(this._overwriteSecret),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      secret_to: {
        value: accessKeySecretToToHclTerraform(this._secretTo.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "AccessKeySecretTo",
      },
      status: {
        value: cdktf.stringToHclTerraform(this._status),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
