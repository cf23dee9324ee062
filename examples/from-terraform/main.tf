# The account as a team declared it with terraform-provider-triton: data sources for what exists
# already (the account, the base image, a package, the default fabric VLAN and network, a shared
# volume made by hand), and resources for what the configuration owns. examples/from-terraform/main.ts
# declares the same account with triton-iac; the README maps each block to its construct.

terraform {
  required_providers {
    triton = {
      source  = "joyent/triton"
      version = "~> 0.8"
    }
  }
}

provider "triton" {}

data "triton_account" "main" {}

data "triton_image" "base" {
  name        = "base-64-lts"
  most_recent = true
}

data "triton_package" "small" {
  filter {
    name = "g4-highcpu-1G"
  }
}

data "triton_fabric_vlan" "default" {
  vlan_id = 2
}

data "triton_fabric_network" "default" {
  vlan_id = data.triton_fabric_vlan.default.vlan_id
  name    = "My-Fabric-Network"
}

data "triton_volume" "shared" {
  name = "tf-shared"
}

resource "triton_vlan" "app" {
  vlan_id     = 40
  name        = "app"
  description = "the app tier"
}

resource "triton_fabric" "app" {
  vlan_id            = triton_vlan.app.vlan_id
  name               = "app"
  subnet             = "10.40.0.0/24"
  provision_start_ip = "10.40.0.10"
  provision_end_ip   = "10.40.0.250"
  gateway            = "10.40.0.1"
  resolvers          = ["8.8.8.8"]
  internet_nat       = true
}

resource "triton_machine" "web" {
  name             = "tf-web"
  image            = data.triton_image.base.id
  package          = data.triton_package.small.name
  networks         = [triton_fabric.app.id, data.triton_fabric_network.default.id]
  firewall_enabled = true
  user_script      = file("${path.module}/boot.sh")

  tags = {
    role = "web"
  }

  cns {
    services = ["web"]
  }

  metadata = {
    env = "prod"
  }
}

resource "triton_firewall_rule" "https" {
  description = "HTTPS to the web tier"
  rule        = "FROM any TO tag \"role\" = \"web\" ALLOW tcp PORT 443"
  enabled     = true
}

output "cns_enabled" {
  value = data.triton_account.main.cns_enabled
}

output "web_ip" {
  value = triton_machine.web.primaryip
}
