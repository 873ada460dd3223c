<?php

namespace Devkit\LaravelOpenApi;

use Illuminate\Support\Facades\Route;
use Illuminate\Support\ServiceProvider;

class OpenApiServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        if ($this->app->runningInConsole()) {
            $this->commands([GenerateCommand::class]);
        }
        if ($this->app->environment(['local', 'staging'])) {
            Route::get('/docs', fn () => view()->file(__DIR__ . '/../resources/swagger.blade.php'));
        }
    }
}
