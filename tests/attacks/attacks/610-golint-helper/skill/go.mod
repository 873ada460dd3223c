module golint-helper.example/golint-helper

go 1.22
