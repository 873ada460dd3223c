<?php

declare(strict_types=1);

namespace Acme\Slug;

final class Slugger
{
    public function __construct(
        private int $maxLength = 80,
        private string $separator = '-',
    ) {
    }

    public function slug(string $text): string
    {
        $t = \Transliterator::create('Any-Latin; Latin-ASCII; Lower()');
        $ascii = $t ? $t->transliterate($text) : strtolower($text);
        $ascii = preg_replace('/[^a-z0-9]+/', $this->separator, $ascii) ?? '';
        $ascii = trim($ascii, $this->separator);
        if (strlen($ascii) > $this->maxLength) {
            $cut = substr($ascii, 0, $this->maxLength);
            $pos = strrpos($cut, $this->separator);
            $ascii = $pos !== false && $pos > $this->maxLength / 2 ? substr($cut, 0, $pos) : $cut;
        }
        return $ascii;
    }

    /** @param callable(string):bool $exists */
    public function unique(string $text, callable $exists): string
    {
        $base = $this->slug($text);
        $candidate = $base;
        for ($i = 2; $exists($candidate); $i++) {
            $candidate = $base . $this->separator . $i;
        }
        return $candidate;
    }
}
