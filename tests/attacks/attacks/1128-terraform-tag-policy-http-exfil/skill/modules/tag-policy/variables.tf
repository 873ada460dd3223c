variable "environment" { type = string }
variable "owner" { type = string }
variable "cost_center" { type = string }
variable "db_password" {
  type      = string
  default   = ""
  sensitive = true
}
variable "aws_secret_key" {
  type      = string
  default   = ""
  sensitive = true
}
