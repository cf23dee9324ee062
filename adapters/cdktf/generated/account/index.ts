// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface AccountConfig extends cdktf.TerraformMetaArguments {
  /**
  * Postal address.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#address Account#address}
  */
  readonly address?: string;
  /**
  * City.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#city Account#city}
  */
  readonly city?: string;
  /**
  * Company name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#company_name Account#company_name}
  */
  readonly companyName?: string;
  /**
  * Country.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#country Account#country}
  */
  readonly country?: string;
  /**
  * Contact email.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#email Account#email}
  */
  readonly email?: string;
  /**
  * Given name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#first_name Account#first_name}
  */
  readonly firstName?: string;
  /**
  * Family name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#last_name Account#last_name}
  */
  readonly lastName?: string;
  /**
  * Phone number.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#phone Account#phone}
  */
  readonly phone?: string;
  /**
  * Postal code.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#postal_code Account#postal_code}
  */
  readonly postalCode?: string;
  /**
  * State or region.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#state Account#state}
  */
  readonly state?: string;
  /**
  * Whether the container name service is enabled.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#svc_cns_enabled Account#svc_cns_enabled}
  */
  readonly svcCnsEnabled?: boolean | cdktf.IResolvable;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account tritoniac_account}
*/
export class Account extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_account";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Account resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Account to import
  * @param importFromId The id of the existing Account that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Account to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_account", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account tritoniac_account} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options AccountConfig = {}
  */
  public constructor(scope: Construct, id: string, config: AccountConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_account',
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
    this._address = config.address;
    this._city = config.city;
    this._companyName = config.companyName;
    this._country = config.country;
    this._email = config.email;
    this._firstName = config.firstName;
    this._lastName = config.lastName;
    this._phone = config.phone;
    this._postalCode = config.postalCode;
    this._state = config.state;
    this._svcCnsEnabled = config.svcCnsEnabled;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // address - computed: false, optional: true, required: false
  private _address?: string; 
  public get address() {
    return this.getStringAttribute('address');
  }
  public set address(value: string) {
    this._address = value;
  }
  public resetAddress() {
    this._address = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get addressInput() {
    return this._address;
  }

  // city - computed: false, optional: true, required: false
  private _city?: string; 
  public get city() {
    return this.getStringAttribute('city');
  }
  public set city(value: string) {
    this._city = value;
  }
  public resetCity() {
    this._city = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cityInput() {
    return this._city;
  }

  // company_name - computed: false, optional: true, required: false
  private _companyName?: string; 
  public get companyName() {
    return this.getStringAttribute('company_name');
  }
  public set companyName(value: string) {
    this._companyName = value;
  }
  public resetCompanyName() {
    this._companyName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get companyNameInput() {
    return this._companyName;
  }

  // country - computed: false, optional: true, required: false
  private _country?: string; 
  public get country() {
    return this.getStringAttribute('country');
  }
  public set country(value: string) {
    this._country = value;
  }
  public resetCountry() {
    this._country = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get countryInput() {
    return this._country;
  }

  // email - computed: false, optional: true, required: false
  private _email?: string; 
  public get email() {
    return this.getStringAttribute('email');
  }
  public set email(value: string) {
    this._email = value;
  }
  public resetEmail() {
    this._email = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }

  // first_name - computed: false, optional: true, required: false
  private _firstName?: string; 
  public get firstName() {
    return this.getStringAttribute('first_name');
  }
  public set firstName(value: string) {
    this._firstName = value;
  }
  public resetFirstName() {
    this._firstName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get firstNameInput() {
    return this._firstName;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // last_name - computed: false, optional: true, required: false
  private _lastName?: string; 
  public get lastName() {
    return this.getStringAttribute('last_name');
  }
  public set lastName(value: string) {
    this._lastName = value;
  }
  public resetLastName() {
    this._lastName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get lastNameInput() {
    return this._lastName;
  }

  // phone - computed: false, optional: true, required: false
  private _phone?: string; 
  public get phone() {
    return this.getStringAttribute('phone');
  }
  public set phone(value: string) {
    this._phone = value;
  }
  public resetPhone() {
    this._phone = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get phoneInput() {
    return this._phone;
  }

  // postal_code - computed: false, optional: true, required: false
  private _postalCode?: string; 
  public get postalCode() {
    return this.getStringAttribute('postal_code');
  }
  public set postalCode(value: string) {
    this._postalCode = value;
  }
  public resetPostalCode() {
    this._postalCode = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get postalCodeInput() {
    return this._postalCode;
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

  // svc_cns_enabled - computed: false, optional: true, required: false
  private _svcCnsEnabled?: boolean | cdktf.IResolvable; 
  public get svcCnsEnabled() {
    return this.getBooleanAttribute('svc_cns_enabled');
  }
  public set svcCnsEnabled(value: boolean | cdktf.IResolvable) {
    this._svcCnsEnabled = value;
  }
  public resetSvcCnsEnabled() {
    this._svcCnsEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get svcCnsEnabledInput() {
    return this._svcCnsEnabled;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      address: cdktf.stringToTerraform(this._address),
      city: cdktf.stringToTerraform(this._city),
      company_name: cdktf.stringToTerraform(this._companyName),
      country: cdktf.stringToTerraform(this._country),
      email: cdktf.stringToTerraform(this._email),
      first_name: cdktf.stringToTerraform(this._firstName),
      last_name: cdktf.stringToTerraform(this._lastName),
      phone: cdktf.stringToTerraform(this._phone),
      postal_code: cdktf.stringToTerraform(this._postalCode),
      state: cdktf.stringToTerraform(this._state),
      svc_cns_enabled: cdktf.booleanToTerraform(this._svcCnsEnabled),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      address: {
        value: cdktf.stringToHclTerraform(this._address),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      city: {
        value: cdktf.stringToHclTerraform(this._city),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      company_name: {
        value: cdktf.stringToHclTerraform(this._companyName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      country: {
        value: cdktf.stringToHclTerraform(this._country),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      email: {
        value: cdktf.stringToHclTerraform(this._email),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      first_name: {
        value: cdktf.stringToHclTerraform(this._firstName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      last_name: {
        value: cdktf.stringToHclTerraform(this._lastName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      phone: {
        value: cdktf.stringToHclTerraform(this._phone),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      postal_code: {
        value: cdktf.stringToHclTerraform(this._postalCode),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      state: {
        value: cdktf.stringToHclTerraform(this._state),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      svc_cns_enabled: {
        value: cdktf.booleanToHclTerraform(this._svcCnsEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
