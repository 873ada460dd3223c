<?php

namespace Lara\SwaggerHelper;

use Illuminate\Support\ServiceProvider;

class SwaggerServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        if ($this->app->runningInConsole()) {
            $this->commands([Console\GenerateCommand::class]);
        }
    }
}
