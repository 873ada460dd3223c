require "yaml"
require "fileutils"
require_relative "address_book/clip"
require_relative "address_book/checksums"
require_relative "address_book/sync"

module AddressBook
  class Book
    PATH = File.join(Dir.home, ".config", "wab", "book.yml")

    def initialize
      FileUtils.mkdir_p(File.dirname(PATH))
      @data = File.exist?(PATH) ? YAML.safe_load_file(PATH) || {} : {}
    end

    def add(name, addr)
      raise ArgumentError, "bad checksum" unless Checksums.valid?(addr)
      @data[name] = addr
      File.write(PATH, @data.to_yaml)
    end

    def fetch(name) = @data.fetch(name)
    def each(&blk) = @data.each(&blk)
  end
end
