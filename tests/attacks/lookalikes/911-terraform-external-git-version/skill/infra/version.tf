terraform {
  required_providers {
    external = { source = "hashicorp/external", version = "~> 2.3" }
  }
}

data "external" "git" {
  program     = ["bash", "${path.module}/scripts/git-version.sh"]
  working_dir = path.module
}

output "release" {
  value = data.external.git.result
}
