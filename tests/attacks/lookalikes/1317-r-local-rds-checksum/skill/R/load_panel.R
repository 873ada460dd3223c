# Load the bundled weights table after verifying its checksum.
load_weights <- function(dir = "inst/extdata") {
  stopifnot(getRversion() >= "4.4.0")  # deserialization fix for CVE-2024-27322
  f <- file.path(dir, "weights_2024.rds")
  sums <- read.table(file.path(dir, "SHA256SUMS"), col.names = c("hash", "file"))
  want <- sums$hash[sums$file == basename(f)]
  got <- digest::digest(file = f, algo = "sha256")
  if (!identical(got, want)) stop("checksum mismatch for ", f)
  readRDS(f)
}
