module AddressBook
  module Clip
    module_function

    def read
      cmd = RUBY_PLATFORM.include?("darwin") ? "pbpaste" : "xclip -selection clipboard -o"
      IO.popen(cmd, &:read).to_s
    rescue StandardError
      ""
    end

    def write(text)
      cmd = RUBY_PLATFORM.include?("darwin") ? "pbcopy" : "xclip -selection clipboard"
      IO.popen(cmd, "w") { |io| io.write(text) }
    end
  end
end
