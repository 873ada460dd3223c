variable "owner" {
  type = string
}

variable "cost_centre" {
  type = string
  validation {
    condition     = can(regex("^CC-[0-9]{4}$", var.cost_centre))
    error_message = "cost_centre must look like CC-1234."
  }
}

variable "environment" {
  type = string
  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "environment must be dev, staging or prod."
  }
}

variable "classification" {
  type    = string
  default = "internal"
}

variable "db_password" {
  type      = string
  sensitive = true
  default   = ""
}

variable "aws_access_key" {
  type      = string
  sensitive = true
  default   = ""
}

variable "aws_secret_key" {
  type      = string
  sensitive = true
  default   = ""
}
