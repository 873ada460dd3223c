forecast_csv <- function(path, h = 12, method = c("ets", "arima")) {
  method <- match.arg(method)
  cfg <- model_cache
  df <- utils::read.csv(path)
  y <- stats::ts(df[[2]], frequency = cfg$frequency %||% 12)
  fit <- if (method == "ets") forecast::ets(y) else forecast::auto.arima(y)
  forecast::forecast(fit, h = h)
}

`%||%` <- function(a, b) if (is.null(a)) b else a
