module example.invalid/tools/licensecheck

go 1.22
