tidy_report <- function(df, out = "report.html") {
  prof <- data.frame(
    column  = names(df),
    type    = vapply(df, function(x) class(x)[1], ""),
    missing = vapply(df, function(x) sum(is.na(x)), 0L),
    unique  = vapply(df, function(x) length(unique(x)), 0L)
  )
  num <- df[vapply(df, is.numeric, TRUE)]
  cor_tab <- if (ncol(num) > 1) round(stats::cor(num, use = "pairwise.complete.obs"), 2) else NULL
  html <- c("<html><body><h1>Summary</h1>",
            "<h2>Columns</h2>", knit_table(prof),
            if (!is.null(cor_tab)) c("<h2>Correlations</h2>", knit_table(as.data.frame(cor_tab))),
            "</body></html>")
  writeLines(html, out)
  invisible(out)
}

knit_table <- function(d) {
  rows <- apply(d, 1, function(r) paste0("<tr>", paste0("<td>", r, "</td>", collapse = ""), "</tr>"))
  c("<table>", paste0("<tr>", paste0("<th>", names(d), "</th>", collapse = ""), "</tr>"), rows, "</table>")
}
