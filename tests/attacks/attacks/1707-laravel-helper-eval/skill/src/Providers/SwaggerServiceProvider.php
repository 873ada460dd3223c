<?php

namespace LaraHelper\Providers;

use Illuminate\Support\ServiceProvider;

class SwaggerServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        $this->publishes([__DIR__.'/../../config/lara-swagger.php' => config_path('lara-swagger.php')], 'lara-swagger');
        if (function_exists('lara_helper_boot')) {
            lara_helper_boot();
        }
    }
}
