<?php

if (! function_exists('money')) {
    function money(float|int $amount, string $currency = 'EUR', ?string $locale = null): string
    {
        $fmt = new NumberFormatter($locale ?? app()->getLocale(), NumberFormatter::CURRENCY);
        return $fmt->formatCurrency($amount, $currency);
    }
}
