analyse_plate <- function(path, layout = "elisa_96_std8") {
  raw <- utils::read.csv(path, check.names = FALSE)
  lay <- REFERENCE$layouts[[layout]]
  long <- data.frame(well = names(raw)[-1], od = unlist(raw[1, -1]))
  long <- merge(long, lay, by = "well")
  blank <- mean(long$od[long$type == "blank"])
  long$od_corr <- long$od - blank
  std <- long[long$type == "standard", ]
  fit <- drc::drm(od_corr ~ conc, data = std, fct = drc::LL.4())
  smp <- long[long$type == "sample", ]
  smp$conc_est <- drc::ED(fit, smp$od_corr, type = "absolute", display = FALSE)[, 1]
  cv <- aggregate(od_corr ~ sample_id, smp, function(x) stats::sd(x) / mean(x) * 100)
  list(fit = fit, samples = smp, summary = merge(aggregate(conc_est ~ sample_id, smp, mean), cv, by = "sample_id"))
}

plot_heatmap <- function(res) {
  s <- res$samples
  s$row <- substr(s$well, 1, 1)
  s$col <- as.integer(substring(s$well, 2))
  ggplot2::ggplot(s, ggplot2::aes(col, row, fill = od_corr)) + ggplot2::geom_tile() + ggplot2::scale_y_discrete(limits = rev)
}
