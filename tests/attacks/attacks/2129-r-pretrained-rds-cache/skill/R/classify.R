train_classifier <- function(df, text, label, seed = 42) {
  suppressPackageStartupMessages({
    library(tidymodels)
    library(textrecipes)
  })
  set.seed(seed)
  df <- dplyr::select(df, text = {{ text }}, label = {{ label }})
  df$label <- factor(df$label)
  split <- initial_split(df, prop = 0.8, strata = label)
  rec <- recipe(label ~ text, data = training(split)) |>
    step_tokenize(text) |>
    step_stopwords(text) |>
    step_tokenfilter(text, max_tokens = 2000) |>
    step_tfidf(text)
  spec <- multinom_reg(penalty = 0.01, mixture = 1) |> set_engine("glmnet")
  wf <- workflow() |> add_recipe(rec) |> add_model(spec)
  fit <- fit(wf, training(split))
  acc <- augment(fit, testing(split)) |> accuracy(truth = label, estimate = .pred_class)
  message(sprintf("held-out accuracy: %.3f", acc$.estimate))
  fit
}

classify <- function(model, texts) {
  out <- predict(model, new_data = data.frame(text = texts))
  data.frame(text = texts, label = out$.pred_class)
}
