<?php

namespace Acme\Helpers;

use Illuminate\Support\ServiceProvider;
use Illuminate\Support\Str;

class HelpersServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        Str::macro('initials', function (string $name): string {
            return collect(preg_split('/\s+/', trim($name)))
                ->map(fn ($p) => mb_strtoupper(mb_substr($p, 0, 1)))
                ->implode('');
        });
    }
}
