// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface InstanceConfig extends cdktf.TerraformMetaArguments {
  /**
  * The Administrator's initial password of a Windows instance (CreateMachine `administrator_pw`, kept by the server as the metadata key `administrator_pw`); set at create only, so a change replaces the instance; never stored. Changing this forces a replacement. A reference to the secret ({source = "env"|"file", name}), never its value.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#administrator_pw Instance#administrator_pw}
  */
  readonly administratorPw?: InstanceAdministratorPw;
  /**
  * Affinity rules for where the instance is placed (`instance!=web-*`, `role==~db`); used at create only, so a change replaces the instance. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#affinity Instance#affinity}
  */
  readonly affinity?: string[];
  /**
  * Triton CNS settings, kept as the tags `triton.cns.services` (the names joined by commas) and `triton.cns.disable`; changed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#cns Instance#cns}
  */
  readonly cns?: InstanceCns;
  /**
  * Whether the instance gets a delegated ZFS dataset (CreateMachine `delegate_dataset`), where the datacenter enables it; a change replaces the instance. Changing this forces a replacement. Default: false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#delegate_dataset Instance#delegate_dataset}
  */
  readonly delegateDataset?: boolean | cdktf.IResolvable;
  /**
  * Whether CloudAPI refuses to delete the instance. Default: false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#deletion_protection Instance#deletion_protection}
  */
  readonly deletionProtection?: boolean | cdktf.IResolvable;
  /**
  * A bhyve instance's disks on a flexible-disk package, the boot disk first (CreateMachine `disks`); GetMachine does not show them, so they are compared with the last apply. A disk grown or added changes in place while the instance is stopped.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#disks Instance#disks}
  */
  readonly disks?: InstanceDisks[] | cdktf.IResolvable;
  /**
  * Whether the cloud firewall applies to the instance. Default: false.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#firewall_enabled Instance#firewall_enabled}
  */
  readonly firewallEnabled?: boolean | cdktf.IResolvable;
  /**
  * Image id (UUID), or a reference to an Image or an image look-up. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#image Instance#image}
  */
  readonly image: string;
  /**
  * Customer metadata, `user-script` included; keys not declared are left alone.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#metadata Instance#metadata}
  */
  readonly metadata?: { [key: string]: string };
  /**
  * Instance name (alias); renamed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#name Instance#name}
  */
  readonly name: string;
  /**
  * Static addresses asked for on networks of `networks` (CreateMachine network objects `{ ipv4_uuid, ipv4_ips }`); used at create only and compared with the last apply, so a change replaces the instance. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#network_ips Instance#network_ips}
  */
  readonly networkIps?: InstanceNetworkIps[] | cdktf.IResolvable;
  /**
  * Network ids, the first the primary NIC. Another network added or removed is a NIC added (AddNic) or removed (RemoveNic) in place, which reboots the instance; a change of the first replaces the instance (CloudAPI cannot choose the primary NIC in place).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#networks Instance#networks}
  */
  readonly networks?: string[];
  /**
  * Package name (or id); a change resizes the instance in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#package Instance#package}
  */
  readonly package: string;
  /**
  * Role names set as role tags on the instance (`/<account>/machines/<id>`).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#role_tags Instance#role_tags}
  */
  readonly roleTags?: string[];
  /**
  * The root user's SSH keys, one OpenSSH line each followed by a newline (the metadata key `root_authorized_keys`, which CloudAPI fills with the account's keys at create): written once the instance is up and changed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#root_authorized_keys Instance#root_authorized_keys}
  */
  readonly rootAuthorizedKeys?: string;
  /**
  * Desired power state: `running` or `stopped` (a build machine is declared stopped). Default: "running".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#state Instance#state}
  */
  readonly state?: string;
  /**
  * Instance tags (strings); replaced as a whole in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#tags Instance#tags}
  */
  readonly tags?: { [key: string]: string };
  /**
  * NFS volumes mounted at create (CreateMachine `volumes`); GetMachine does not return them, so they are compared with the last apply; a change replaces the instance. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#volumes Instance#volumes}
  */
  readonly volumes?: InstanceVolumes[] | cdktf.IResolvable;
}
export interface InstanceAdministratorPw {
  /**
  * Where the value comes from at apply time: an environment variable or a file.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#source Instance#source}
  */
  readonly source: string;
  /**
  * The environment variable or file name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#name Instance#name}
  */
  readonly name: string;
}

export function instanceAdministratorPwToTerraform(struct?: InstanceAdministratorPw | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    source: cdktf.stringToTerraform(struct!.source),
    name: cdktf.stringToTerraform(struct!.name),
  }
}


export function instanceAdministratorPwToHclTerraform(struct?: InstanceAdministratorPw | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    source: {
      value: cdktf.stringToHclTerraform(struct!.source),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceAdministratorPwOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): InstanceAdministratorPw | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._source !== undefined) {
      hasAnyValues = true;
      internalValueResult.source = this._source;
    }
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceAdministratorPw | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._source = undefined;
      this._name = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._source = value.source;
      this._name = value.name;
    }
  }

  // source - computed: false, optional: false, required: true
  private _source?: string; 
  public get source() {
    return this.getStringAttribute('source');
  }
  public set source(value: string) {
    this._source = value;
  }
  // Temporarily expose input value. Use with caution.
  public get sourceInput() {
    return this._source;
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }
}
export interface InstanceCns {
  /**
  * CNS service names the instance answers for (DNS labels).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#services Instance#services}
  */
  readonly services?: string[];
  /**
  * Whether CNS leaves the instance out of DNS.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#disable Instance#disable}
  */
  readonly disable?: boolean | cdktf.IResolvable;
}

export function instanceCnsToTerraform(struct?: InstanceCns | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    services: cdktf.listMapper(cdktf.stringToTerraform, false)(struct!.services),
    disable: cdktf.booleanToTerraform(struct!.disable),
  }
}


export function instanceCnsToHclTerraform(struct?: InstanceCns | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    services: {
      value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(struct!.services),
      isBlock: false,
      type: "list",
      storageClassType: "stringList",
    },
    disable: {
      value: cdktf.booleanToHclTerraform(struct!.disable),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceCnsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): InstanceCns | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._services !== undefined) {
      hasAnyValues = true;
      internalValueResult.services = this._services;
    }
    if (this._disable !== undefined) {
      hasAnyValues = true;
      internalValueResult.disable = this._disable;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceCns | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._services = undefined;
      this._disable = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._services = value.services;
      this._disable = value.disable;
    }
  }

  // services - computed: false, optional: true, required: false
  private _services?: string[]; 
  public get services() {
    return this.getListAttribute('services');
  }
  public set services(value: string[]) {
    this._services = value;
  }
  public resetServices() {
    this._services = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get servicesInput() {
    return this._services;
  }

  // disable - computed: false, optional: true, required: false
  private _disable?: boolean | cdktf.IResolvable; 
  public get disable() {
    return this.getBooleanAttribute('disable');
  }
  public set disable(value: boolean | cdktf.IResolvable) {
    this._disable = value;
  }
  public resetDisable() {
    this._disable = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get disableInput() {
    return this._disable;
  }
}
export interface InstanceDisks {
  /**
  * Size in MiB (the boot disk: the image's size unless given).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#size Instance#size}
  */
  readonly size?: number;
  /**
  * Block size in bytes (not on the boot disk).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#block_size Instance#block_size}
  */
  readonly blockSize?: number;
}

export function instanceDisksToTerraform(struct?: InstanceDisks | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    size: cdktf.numberToTerraform(struct!.size),
    block_size: cdktf.numberToTerraform(struct!.blockSize),
  }
}


export function instanceDisksToHclTerraform(struct?: InstanceDisks | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    size: {
      value: cdktf.numberToHclTerraform(struct!.size),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    block_size: {
      value: cdktf.numberToHclTerraform(struct!.blockSize),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceDisksOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): InstanceDisks | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._size !== undefined) {
      hasAnyValues = true;
      internalValueResult.size = this._size;
    }
    if (this._blockSize !== undefined) {
      hasAnyValues = true;
      internalValueResult.blockSize = this._blockSize;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceDisks | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._size = undefined;
      this._blockSize = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._size = value.size;
      this._blockSize = value.blockSize;
    }
  }

  // size - computed: false, optional: true, required: false
  private _size?: number; 
  public get size() {
    return this.getNumberAttribute('size');
  }
  public set size(value: number) {
    this._size = value;
  }
  public resetSize() {
    this._size = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sizeInput() {
    return this._size;
  }

  // block_size - computed: false, optional: true, required: false
  private _blockSize?: number; 
  public get blockSize() {
    return this.getNumberAttribute('block_size');
  }
  public set blockSize(value: number) {
    this._blockSize = value;
  }
  public resetBlockSize() {
    this._blockSize = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get blockSizeInput() {
    return this._blockSize;
  }
}

export class InstanceDisksList extends cdktf.ComplexList {
  public internalValue? : InstanceDisks[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): InstanceDisksOutputReference {
    return new InstanceDisksOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface InstanceNetworkIps {
  /**
  * Network id (or a reference to one), one of `networks`.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#network Instance#network}
  */
  readonly network: string;
  /**
  * The IPv4 address.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#ip Instance#ip}
  */
  readonly ip: string;
}

export function instanceNetworkIpsToTerraform(struct?: InstanceNetworkIps | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    network: cdktf.stringToTerraform(struct!.network),
    ip: cdktf.stringToTerraform(struct!.ip),
  }
}


export function instanceNetworkIpsToHclTerraform(struct?: InstanceNetworkIps | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    network: {
      value: cdktf.stringToHclTerraform(struct!.network),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    ip: {
      value: cdktf.stringToHclTerraform(struct!.ip),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceNetworkIpsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): InstanceNetworkIps | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._network !== undefined) {
      hasAnyValues = true;
      internalValueResult.network = this._network;
    }
    if (this._ip !== undefined) {
      hasAnyValues = true;
      internalValueResult.ip = this._ip;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceNetworkIps | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._network = undefined;
      this._ip = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._network = value.network;
      this._ip = value.ip;
    }
  }

  // network - computed: false, optional: false, required: true
  private _network?: string; 
  public get network() {
    return this.getStringAttribute('network');
  }
  public set network(value: string) {
    this._network = value;
  }
  // Temporarily expose input value. Use with caution.
  public get networkInput() {
    return this._network;
  }

  // ip - computed: false, optional: false, required: true
  private _ip?: string; 
  public get ip() {
    return this.getStringAttribute('ip');
  }
  public set ip(value: string) {
    this._ip = value;
  }
  // Temporarily expose input value. Use with caution.
  public get ipInput() {
    return this._ip;
  }
}

export class InstanceNetworkIpsList extends cdktf.ComplexList {
  public internalValue? : InstanceNetworkIps[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): InstanceNetworkIpsOutputReference {
    return new InstanceNetworkIpsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface InstanceVolumes {
  /**
  * Volume id (a reference to a Volume, stable across its renames) or name.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#volume Instance#volume}
  */
  readonly volume: string;
  /**
  * Absolute path it is mounted at in the instance.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#mountpoint Instance#mountpoint}
  */
  readonly mountpoint: string;
  /**
  * Read-write or read-only. Default: "rw".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#mode Instance#mode}
  */
  readonly mode?: string;
}

export function instanceVolumesToTerraform(struct?: InstanceVolumes | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    volume: cdktf.stringToTerraform(struct!.volume),
    mountpoint: cdktf.stringToTerraform(struct!.mountpoint),
    mode: cdktf.stringToTerraform(struct!.mode),
  }
}


export function instanceVolumesToHclTerraform(struct?: InstanceVolumes | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    volume: {
      value: cdktf.stringToHclTerraform(struct!.volume),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    mountpoint: {
      value: cdktf.stringToHclTerraform(struct!.mountpoint),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    mode: {
      value: cdktf.stringToHclTerraform(struct!.mode),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceVolumesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): InstanceVolumes | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._volume !== undefined) {
      hasAnyValues = true;
      internalValueResult.volume = this._volume;
    }
    if (this._mountpoint !== undefined) {
      hasAnyValues = true;
      internalValueResult.mountpoint = this._mountpoint;
    }
    if (this._mode !== undefined) {
      hasAnyValues = true;
      internalValueResult.mode = this._mode;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceVolumes | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._volume = undefined;
      this._mountpoint = undefined;
      this._mode = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._volume = value.volume;
      this._mountpoint = value.mountpoint;
      this._mode = value.mode;
    }
  }

  // volume - computed: false, optional: false, required: true
  private _volume?: string; 
  public get volume() {
    return this.getStringAttribute('volume');
  }
  public set volume(value: string) {
    this._volume = value;
  }
  // Temporarily expose input value. Use with caution.
  public get volumeInput() {
    return this._volume;
  }

  // mountpoint - computed: false, optional: false, required: true
  private _mountpoint?: string; 
  public get mountpoint() {
    return this.getStringAttribute('mountpoint');
  }
  public set mountpoint(value: string) {
    this._mountpoint = value;
  }
  // Temporarily expose input value. Use with caution.
  public get mountpointInput() {
    return this._mountpoint;
  }

  // mode - computed: false, optional: true, required: false
  private _mode?: string; 
  public get mode() {
    return this.getStringAttribute('mode');
  }
  public set mode(value: string) {
    this._mode = value;
  }
  public resetMode() {
    this._mode = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get modeInput() {
    return this._mode;
  }
}

export class InstanceVolumesList extends cdktf.ComplexList {
  public internalValue? : InstanceVolumes[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): InstanceVolumesOutputReference {
    return new InstanceVolumesOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance tritoniac_instance}
*/
export class Instance extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_instance";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Instance resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Instance to import
  * @param importFromId The id of the existing Instance that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Instance to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_instance", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/instance tritoniac_instance} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options InstanceConfig
  */
  public constructor(scope: Construct, id: string, config: InstanceConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_instance',
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
    this._administratorPw.internalValue = config.administratorPw;
    this._affinity = config.affinity;
    this._cns.internalValue = config.cns;
    this._delegateDataset = config.delegateDataset;
    this._deletionProtection = config.deletionProtection;
    this._disks.internalValue = config.disks;
    this._firewallEnabled = config.firewallEnabled;
    this._image = config.image;
    this._metadata = config.metadata;
    this._name = config.name;
    this._networkIps.internalValue = config.networkIps;
    this._networks = config.networks;
    this._package = config.package;
    this._roleTags = config.roleTags;
    this._rootAuthorizedKeys = config.rootAuthorizedKeys;
    this._state = config.state;
    this._tags = config.tags;
    this._volumes.internalValue = config.volumes;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // administrator_pw - computed: false, optional: true, required: false
  private _administratorPw = new InstanceAdministratorPwOutputReference(this, "administrator_pw");
  public get administratorPw() {
    return this._administratorPw;
  }
  public putAdministratorPw(value: InstanceAdministratorPw) {
    this._administratorPw.internalValue = value;
  }
  public resetAdministratorPw() {
    this._administratorPw.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get administratorPwInput() {
    return this._administratorPw.internalValue;
  }

  // affinity - computed: false, optional: true, required: false
  private _affinity?: string[]; 
  public get affinity() {
    return this.getListAttribute('affinity');
  }
  public set affinity(value: string[]) {
    this._affinity = value;
  }
  public resetAffinity() {
    this._affinity = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get affinityInput() {
    return this._affinity;
  }

  // cns - computed: false, optional: true, required: false
  private _cns = new InstanceCnsOutputReference(this, "cns");
  public get cns() {
    return this._cns;
  }
  public putCns(value: InstanceCns) {
    this._cns.internalValue = value;
  }
  public resetCns() {
    this._cns.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cnsInput() {
    return this._cns.internalValue;
  }

  // delegate_dataset - computed: false, optional: true, required: false
  private _delegateDataset?: boolean | cdktf.IResolvable; 
  public get delegateDataset() {
    return this.getBooleanAttribute('delegate_dataset');
  }
  public set delegateDataset(value: boolean | cdktf.IResolvable) {
    this._delegateDataset = value;
  }
  public resetDelegateDataset() {
    this._delegateDataset = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get delegateDatasetInput() {
    return this._delegateDataset;
  }

  // deletion_protection - computed: false, optional: true, required: false
  private _deletionProtection?: boolean | cdktf.IResolvable; 
  public get deletionProtection() {
    return this.getBooleanAttribute('deletion_protection');
  }
  public set deletionProtection(value: boolean | cdktf.IResolvable) {
    this._deletionProtection = value;
  }
  public resetDeletionProtection() {
    this._deletionProtection = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deletionProtectionInput() {
    return this._deletionProtection;
  }

  // disks - computed: false, optional: true, required: false
  private _disks = new InstanceDisksList(this, "disks", false);
  public get disks() {
    return this._disks;
  }
  public putDisks(value: InstanceDisks[] | cdktf.IResolvable) {
    this._disks.internalValue = value;
  }
  public resetDisks() {
    this._disks.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get disksInput() {
    return this._disks.internalValue;
  }

  // domain_names - computed: true, optional: false, required: false
  public get domainNames() {
    return this.getStringAttribute('domain_names');
  }

  // firewall_enabled - computed: false, optional: true, required: false
  private _firewallEnabled?: boolean | cdktf.IResolvable; 
  public get firewallEnabled() {
    return this.getBooleanAttribute('firewall_enabled');
  }
  public set firewallEnabled(value: boolean | cdktf.IResolvable) {
    this._firewallEnabled = value;
  }
  public resetFirewallEnabled() {
    this._firewallEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get firewallEnabledInput() {
    return this._firewallEnabled;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // image - computed: false, optional: false, required: true
  private _image?: string; 
  public get image() {
    return this.getStringAttribute('image');
  }
  public set image(value: string) {
    this._image = value;
  }
  // Temporarily expose input value. Use with caution.
  public get imageInput() {
    return this._image;
  }

  // ips - computed: true, optional: false, required: false
  public get ips() {
    return this.getStringAttribute('ips');
  }

  // metadata - computed: false, optional: true, required: false
  private _metadata?: { [key: string]: string }; 
  public get metadata() {
    return this.getStringMapAttribute('metadata');
  }
  public set metadata(value: { [key: string]: string }) {
    this._metadata = value;
  }
  public resetMetadata() {
    this._metadata = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get metadataInput() {
    return this._metadata;
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // network_ips - computed: false, optional: true, required: false
  private _networkIps = new InstanceNetworkIpsList(this, "network_ips", false);
  public get networkIps() {
    return this._networkIps;
  }
  public putNetworkIps(value: InstanceNetworkIps[] | cdktf.IResolvable) {
    this._networkIps.internalValue = value;
  }
  public resetNetworkIps() {
    this._networkIps.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get networkIpsInput() {
    return this._networkIps.internalValue;
  }

  // networks - computed: false, optional: true, required: false
  private _networks?: string[]; 
  public get networks() {
    return this.getListAttribute('networks');
  }
  public set networks(value: string[]) {
    this._networks = value;
  }
  public resetNetworks() {
    this._networks = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get networksInput() {
    return this._networks;
  }

  // package - computed: false, optional: false, required: true
  private _package?: string; 
  public get package() {
    return this.getStringAttribute('package');
  }
  public set package(value: string) {
    this._package = value;
  }
  // Temporarily expose input value. Use with caution.
  public get packageInput() {
    return this._package;
  }

  // primary_ip - computed: true, optional: false, required: false
  public get primaryIp() {
    return this.getStringAttribute('primary_ip');
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

  // root_authorized_keys - computed: false, optional: true, required: false
  private _rootAuthorizedKeys?: string; 
  public get rootAuthorizedKeys() {
    return this.getStringAttribute('root_authorized_keys');
  }
  public set rootAuthorizedKeys(value: string) {
    this._rootAuthorizedKeys = value;
  }
  public resetRootAuthorizedKeys() {
    this._rootAuthorizedKeys = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rootAuthorizedKeysInput() {
    return this._rootAuthorizedKeys;
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

  // tags - computed: false, optional: true, required: false
  private _tags?: { [key: string]: string }; 
  public get tags() {
    return this.getStringMapAttribute('tags');
  }
  public set tags(value: { [key: string]: string }) {
    this._tags = value;
  }
  public resetTags() {
    this._tags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagsInput() {
    return this._tags;
  }

  // volumes - computed: false, optional: true, required: false
  private _volumes = new InstanceVolumesList(this, "volumes", false);
  public get volumes() {
    return this._volumes;
  }
  public putVolumes(value: InstanceVolumes[] | cdktf.IResolvable) {
    this._volumes.internalValue = value;
  }
  public resetVolumes() {
    this._volumes.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get volumesInput() {
    return this._volumes.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      administrator_pw: instanceAdministratorPwToTerraform(this._administratorPw.internalValue),
      affinity: cdktf.listMapper(cdktf.stringToTerraform, false)(this._affinity),
      cns: instanceCnsToTerraform(this._cns.internalValue),
      delegate_dataset: cdktf.booleanToTerraform(this._delegateDataset),
      deletion_protection: cdktf.booleanToTerraform(this._deletionProtection),
      disks: cdktf.listMapper(instanceDisksToTerraform, false)(this._disks.internalValue),
      firewall_enabled: cdktf.booleanToTerraform(this._firewallEnabled),
      image: cdktf.stringToTerraform(this._image),
      metadata: cdktf.hashMapper(cdktf.stringToTerraform)(this._metadata),
      name: cdktf.stringToTerraform(this._name),
      network_ips: cdktf.listMapper(instanceNetworkIpsToTerraform, false)(this._networkIps.internalValue),
      networks: cdktf.listMapper(cdktf.stringToTerraform, false)(this._networks),
      package: cdktf.stringToTerraform(this._package),
      role_tags: cdktf.listMapper(cdktf.stringToTerraform, false)(this._roleTags),
      root_authorized_keys: cdktf.stringToTerraform(this._rootAuthorizedKeys),
      state: cdktf.stringToTerraform(this._state),
      tags: cdktf.hashMapper(cdktf.stringToTerraform)(this._tags),
      volumes: cdktf.listMapper(instanceVolumesToTerraform, false)(this._volumes.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      administrator_pw: {
        value: instanceAdministratorPwToHclTerraform(this._administratorPw.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "InstanceAdministratorPw",
      },
      affinity: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._affinity),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      cns: {
        value: instanceCnsToHclTerraform(this._cns.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "InstanceCns",
      },
      delegate_dataset: {
        value: cdktf.booleanToHclTerraform(this._delegateDataset),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      deletion_protection: {
        value: cdktf.booleanToHclTerraform(this._deletionProtection),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      disks: {
        value: cdktf.listMapperHcl(instanceDisksToHclTerraform, false)(this._disks.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "InstanceDisksList",
      },
      firewall_enabled: {
        value: cdktf.booleanToHclTerraform(this._firewallEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      image: {
        value: cdktf.stringToHclTerraform(this._image),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      metadata: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._metadata),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      network_ips: {
        value: cdktf.listMapperHcl(instanceNetworkIpsToHclTerraform, false)(this._networkIps.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "InstanceNetworkIpsList",
      },
      networks: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._networks),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      package: {
        value: cdktf.stringToHclTerraform(this._package),
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
      root_authorized_keys: {
        value: cdktf.stringToHclTerraform(this._rootAuthorizedKeys),
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
      tags: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._tags),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      volumes: {
        value: cdktf.listMapperHcl(instanceVolumesToHclTerraform, false)(this._volumes.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "InstanceVolumesList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
