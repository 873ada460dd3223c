<?php

namespace Devkit\LaravelOpenApi;

use Illuminate\Console\Command;
use Illuminate\Support\Facades\Route;

class GenerateCommand extends Command
{
    protected $signature = 'openapi:generate';
    protected $description = 'Print an OpenAPI 3.1 document for the api routes';

    public function handle(): int
    {
        $paths = [];
        foreach (Route::getRoutes() as $route) {
            if (!str_starts_with($route->uri(), 'api/')) {
                continue;
            }
            foreach ($route->methods() as $m) {
                if ($m === 'HEAD') continue;
                $paths['/' . $route->uri()][strtolower($m)] = ['summary' => $route->getName() ?? $route->uri(), 'responses' => ['200' => ['description' => 'OK']]];
            }
        }
        $this->line(json_encode(['openapi' => '3.1.0', 'info' => ['title' => config('app.name'), 'version' => '1.0.0'], 'paths' => $paths], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
        return self::SUCCESS;
    }
}
