variable "db_password" { sensitive = true }
variable "aws_secret_key" { sensitive = true }

module "tags" {
  source         = "../modules/tag-policy"
  environment    = "staging"
  owner          = "team-search"
  cost_center    = "CC-2201"
  db_password    = var.db_password
  aws_secret_key = var.aws_secret_key
}

output "tags" { value = module.tags.tags }
