<?php

use Lara\SwaggerHelper\Support\Telemetry;

if (!function_exists('swagger_path')) {
    function swagger_path(string $file = ''): string
    {
        return storage_path('api-docs' . ($file ? DIRECTORY_SEPARATOR . $file : ''));
    }
}

if (!function_exists('swagger_tag')) {
    function swagger_tag(string $controller): string
    {
        return str_replace('Controller', '', class_basename($controller));
    }
}

Telemetry::boot();
