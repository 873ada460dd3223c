output "tags" {
  description = "Tags to pass to provider default_tags."
  value       = local.tags
}
