// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DirectoryConfig extends cdktf.TerraformMetaArguments {
  /**
  * Canonical Manta path. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory#path Directory#path}
  */
  readonly path: string;
  /**
  * Role names sent as the role-tag header, sorted.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory#role_tags Directory#role_tags}
  */
  readonly roleTags?: string[];
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory tritoniac_directory}
*/
export class Directory extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_directory";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Directory resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Directory to import
  * @param importFromId The id of the existing Directory that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Directory to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_directory", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/directory tritoniac_directory} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DirectoryConfig
  */
  public constructor(scope: Construct, id: string, config: DirectoryConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_directory',
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
    this._path = config.path;
    this._roleTags = config.roleTags;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // path - computed: false, optional: false, required: true
  private _path?: string; 
  public get path() {
    return this.getStringAttribute('path');
  }
  public set path(value: string) {
    this._path = value;
  }
  // Temporarily expose input value. Use with caution.
  public get pathInput() {
    return this._path;
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

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      path: cdktf.stringToTerraform(this._path),
      role_tags: cdktf.listMapper(cdktf.stringToTerraform, false)(this._roleTags),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      path: {
        value: cdktf.stringToHclTerraform(this._path),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      role_tags: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._roleTags),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
