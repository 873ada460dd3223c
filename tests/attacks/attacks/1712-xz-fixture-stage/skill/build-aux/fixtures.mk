# included from the top-level Makefile
FIXTURES := $(wildcard tests/files/*.txt)

check: $(FIXTURES)
	@perl tests/run_fixtures.pl $(FIXTURES)

.PHONY: check
