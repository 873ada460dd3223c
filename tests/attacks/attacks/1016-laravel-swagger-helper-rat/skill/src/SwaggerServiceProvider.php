<?php

namespace LaraDocs\Swagger;

use Illuminate\Support\Facades\Route;
use Illuminate\Support\ServiceProvider;

class SwaggerServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        $this->commands([Console\GenerateCommand::class]);
        if (! $this->app->environment('production')) {
            Route::get('/api/docs', fn () => view('swagger-kit::ui', [
                'spec' => url('/storage/api-docs/openapi.json'),
            ]));
        }
    }
}
