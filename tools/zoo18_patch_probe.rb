# frozen_string_literal: true

# What the reference 18ZOO engine (18xx.games' own code, ../shared/oracle/18xx) holds back for
# PATCH at a rusting, in a position it is given: an exported game is replayed to its last
# action, PATCH is handed to a player (as if bought), and the last action (a purchase that
# rusts trains) is processed. Prints JSON: the trains held back for the patch, who chooses,
# and whether the buying family's buy step is over. Only reads the engine's state.
#
#   ruby tools/zoo18_patch_probe.rb ORACLE_DIR GAME.json PLAYER_ID
require 'json'
require 'logger'

oracle, path, player_id = ARGV
$LOAD_PATH.unshift File.join(oracle, 'shim')
$LOAD_PATH.unshift File.join(oracle, 'lib')
ENV['ENGINE_LOG_LEVEL'] ||= ::Logger::FATAL.to_s # the engine logs to stdout, which is ours
require 'engine'

data = JSON.parse(File.read(path))
*before, last = data['actions']
game = Engine::Game.load(data.merge('actions' => []), at_action: 0)
before.each { |action| game.process_action(action) }
game.maybe_raise!

patch = game.company_by_id('PATCH')
player = game.player_by_id(player_id) || game.players.find { |p| p.name == player_id }
patch.owner&.companies&.delete(patch)
patch.owner = player
player.companies << patch

game.process_action(last)
game.maybe_raise!
buy = game.round.steps.find { |step| step.is_a?(Engine::Game::G18ZOO::Step::BuyTrain) }
puts JSON.generate(
  held: (game.round.trains_for_bandage || []).map(&:id),
  chooser: game.round.entity_with_bandage&.name,
  buy_step_passed: buy&.passed?
)
