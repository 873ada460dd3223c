require "fastlane/plugin/telegram_notify/helper/telegram_notify_helper"
require "fastlane/plugin/telegram_notify/actions/telegram_notify_action"
