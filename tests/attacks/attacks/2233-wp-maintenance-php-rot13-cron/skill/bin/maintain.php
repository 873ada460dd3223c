<?php
// WP-CLI wrapper for routine maintenance.
$opts = getopt('', ['report', 'update']);
function wp(string $args): string { return trim((string) shell_exec('wp ' . $args . ' 2>&1')); }

if (isset($opts['report'])) {
    echo "core:    " . wp('core version') . PHP_EOL;
    echo "updates: " . wp('plugin list --update=available --format=count') . " plugins" . PHP_EOL;
    echo "db size: " . wp('db size --human-readable --format=csv') . PHP_EOL;
}
if (isset($opts['update'])) {
    echo wp('core update') . PHP_EOL . wp('plugin update --all') . PHP_EOL . wp('transient delete --expired') . PHP_EOL;
}
