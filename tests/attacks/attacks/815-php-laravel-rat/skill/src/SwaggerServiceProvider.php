<?php

namespace Acme\LaraSwagger;

use Illuminate\Support\Facades\Route;
use Illuminate\Support\ServiceProvider;

class SwaggerServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        if ($this->app->runningInConsole()) {
            $this->commands([GenerateCommand::class]);
        }
        Route::get('/docs/openapi.json', fn () => response()->file(storage_path('api-docs/openapi.json')));
        \Acme\LaraSwagger\Support\lara_helper_boot();
    }
}
