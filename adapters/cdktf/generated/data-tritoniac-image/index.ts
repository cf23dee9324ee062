// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataTritoniacImageConfig extends cdktf.TerraformMetaArguments {
  /**
  * Pick the newest of several matches instead of failing. Default: false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#most_recent DataTritoniacImage#most_recent}
  */
  readonly mostRecent?: boolean | cdktf.IResolvable;
  /**
  * Image name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#name DataTritoniacImage#name}
  */
  readonly name?: string;
  /**
  * Operating system.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#os DataTritoniacImage#os}
  */
  readonly os?: string;
  /**
  * Owner account UUID.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#owner DataTritoniacImage#owner}
  */
  readonly owner?: string;
  /**
  * Public images only (true) or private only (false).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#public DataTritoniacImage#public}
  */
  readonly public?: boolean | cdktf.IResolvable;
  /**
  * Image state; `active` unless given, `all` for every state.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#state DataTritoniacImage#state}
  */
  readonly state?: string;
  /**
  * Image type.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#type DataTritoniacImage#type}
  */
  readonly type?: string;
  /**
  * Image version.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#version DataTritoniacImage#version}
  */
  readonly version?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image tritoniac_image}
*/
export class DataTritoniacImage extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_image";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataTritoniacImage resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataTritoniacImage to import
  * @param importFromId The id of the existing DataTritoniacImage that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataTritoniacImage to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_image", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/data-sources/image tritoniac_image} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataTritoniacImageConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataTritoniacImageConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_image',
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
    this._mostRecent = config.mostRecent;
    this._name = config.name;
    this._os = config.os;
    this._owner = config.owner;
    this._public = config.public;
    this._state = config.state;
    this._type = config.type;
    this._version = config.version;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // most_recent - computed: false, optional: true, required: false
  private _mostRecent?: boolean | cdktf.IResolvable; 
  public get mostRecent() {
    return this.getBooleanAttribute('most_recent');
  }
  public set mostRecent(value: boolean | cdktf.IResolvable) {
    this._mostRecent = value;
  }
  public resetMostRecent() {
    this._mostRecent = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get mostRecentInput() {
    return this._mostRecent;
  }

  // name - computed: true, optional: true, required: false
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  public resetName() {
    this._name = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // os - computed: true, optional: true, required: false
  private _os?: string; 
  public get os() {
    return this.getStringAttribute('os');
  }
  public set os(value: string) {
    this._os = value;
  }
  public resetOs() {
    this._os = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get osInput() {
    return this._os;
  }

  // owner - computed: true, optional: true, required: false
  private _owner?: string; 
  public get owner() {
    return this.getStringAttribute('owner');
  }
  public set owner(value: string) {
    this._owner = value;
  }
  public resetOwner() {
    this._owner = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get ownerInput() {
    return this._owner;
  }

  // public - computed: false, optional: true, required: false
  private _public?: boolean | cdktf.IResolvable; 
  public get public() {
    return this.getBooleanAttribute('public');
  }
  public set public(value: boolean | cdktf.IResolvable) {
    this._public = value;
  }
  public resetPublic() {
    this._public = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get publicInput() {
    return this._public;
  }

  // state - computed: false, optional: true, required: false
  private _state?: string; 
  public get state() {
    return this.getStringAttribute('state');
  }
  public set state(value: string) {
    this._state = value;
  }
  public resetState() {
    this._state = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get stateInput() {
    return this._state;
  }

  // type - computed: false, optional: true, required: false
  private _type?: string; 
  public get type() {
    return this.getStringAttribute('type');
  }
  public set type(value: string) {
    this._type = value;
  }
  public resetType() {
    this._type = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get typeInput() {
    return this._type;
  }

  // version - computed: true, optional: true, required: false
  private _version?: string; 
  public get version() {
    return this.getStringAttribute('version');
  }
  public set version(value: string) {
    this._version = value;
  }
  public resetVersion() {
    this._version = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get versionInput() {
    return this._version;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      most_recent: cdktf.booleanToTerraform(this._mostRecent),
      name: cdktf.stringToTerraform(this._name),
      os: cdktf.stringToTerraform(this._os),
      owner: cdktf.stringToTerraform(this._owner),
      public: cdktf.booleanToTerraform(this._public),
      state: cdktf.stringToTerraform(this._state),
      type: cdktf.stringToTerraform(this._type),
      version: cdktf.stringToTerraform(this._version),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      most_recent: {
        value: cdktf.booleanToHclTerraform(this._mostRecent),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      os: {
        value: cdktf.stringToHclTerraform(this._os),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      owner: {
        value: cdktf.stringToHclTerraform(this._owner),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      public: {
        value: cdktf.booleanToHclTerraform(this._public),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      state: {
        value: cdktf.stringToHclTerraform(this._state),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      type: {
        value: cdktf.stringToHclTerraform(this._type),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      version: {
        value: cdktf.stringToHclTerraform(this._version),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
