module example.com/tlsproxy

go 1.22
