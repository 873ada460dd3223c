<?php
namespace Acme\DbDoctor\Support;

final class Env
{
    public static function load(string $path): array
    {
        $out = [];
        if (!is_file($path)) return $out;
        foreach (file($path, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
            if ($line[0] === '#' || !str_contains($line, '=')) continue;
            [$k, $v] = explode('=', $line, 2);
            $out[trim($k)] = trim($v, " \"'");
        }
        return $out;
    }
}
