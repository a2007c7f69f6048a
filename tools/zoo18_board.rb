# frozen_string_literal: true

# Dumps the board of the reference 18ZOO engine (18xx.games' own code, ../shared/oracle/18xx)
# as JSON, for tests/domain/zoo18/board/test_zoo18_board_reference.py to compare Plateau's
# board with. Only reads the engine: no line of it is copied here.
#
#   ruby tools/zoo18_board.rb ORACLE_DIR                # every map A-F, without and with each
#                                                       # centre (base_2, base_3), before play
#   ruby tools/zoo18_board.rb ORACLE_DIR GAME.json      # the board after an exported game
#
# Per board: {hex: {color, tile, id, rotation, label, location_name, terrains, neighbors {edge: hex},
# passable [edge], paths [[end, end]], cities [{revenue, slots, tokens, reservations}],
# towns [revenue], offboards [revenue]}}. A path end is "edge<n>" (after rotation),
# "city<i>", "town<i>", "offboard<i>" (the i-th of its kind on the tile) or "junction"; a
# revenue is a number or {color: number}; tokens and reservations list each slot's owner (a
# token without one, the WORK IN PROGRESS block, by its type: "blocking").
require 'json'
require 'logger'

oracle = ARGV.fetch(0)
$LOAD_PATH.unshift File.join(oracle, 'shim')
$LOAD_PATH.unshift File.join(oracle, 'lib')
ENV['ENGINE_LOG_LEVEL'] ||= ::Logger::FATAL.to_s # the engine logs to stdout, which is ours
require 'engine'

def revenue(part)
  values = part.revenue_to_render
  values.is_a?(Hash) ? values.transform_keys(&:to_s) : values
rescue StandardError
  part.revenue
end

def end_name(tile, part)
  return "edge#{part.num}" if part.edge?
  return 'junction' if part.junction?

  kind = %i[city town offboard].find { |name| part.send("#{name}?") }
  nodes = { city: tile.cities, town: tile.towns, offboard: tile.offboards }.fetch(kind)
  "#{kind}#{nodes.index { |node| node.equal?(part) }}"
end

def owner(entity)
  entity&.name
end

def hex_facts(hex)
  tile = hex.tile
  {
    color: tile.color.to_s,
    tile: tile.name,
    id: tile.id,
    rotation: tile.rotation,
    label: tile.label&.to_s,
    location_name: hex.location_name,
    terrains: tile.upgrades.flat_map(&:terrains).map(&:to_s).sort,
    neighbors: hex.all_neighbors.to_h { |edge, other| [edge.to_s, other.id] },
    passable: hex.neighbors.keys.sort,
    paths: tile.paths.map { |path| [end_name(tile, path.a), end_name(tile, path.b)] },
    cities: tile.cities.map do |city|
      {
        revenue: revenue(city),
        slots: city.normal_slots,
        tokens: city.tokens.map { |token| token && (owner(token.corporation) || token.type.to_s) },
        reservations: Array.new(city.normal_slots) { |slot| owner(city.reservations[slot]) },
      }
    end,
    towns: tile.towns.map { |town| revenue(town) },
    offboards: tile.offboards.map { |off| revenue(off) },
  }
end

def board(game)
  game.hexes.sort_by(&:id).to_h { |hex| [hex.id, hex_facts(hex)] }
end

def load(data)
  game = Engine::Game.load(data, at_action: 0)
  kept, = game.class.filtered_actions(data['actions'])
  data['actions'].each_with_index do |action, index|
    game.process_action(action) if kept[index]
  end
  game
end

PLAYERS = [{ 'id' => 1, 'name' => 'one' }, { 'id' => 2, 'name' => 'two' }].freeze

if ARGV[1]
  puts JSON.generate(board(load(JSON.parse(File.read(ARGV[1])))))
else
  dumps = {}
  %w[A B C D E F].each do |map|
    [nil, 'base_2', 'base_3'].each do |centre|
      data = {
        'title' => "18ZOO - Map #{map}",
        'players' => PLAYERS,
        'settings' => { 'optional_rules' => centre ? [centre] : [], 'seed' => 1 },
        'actions' => [],
      }
      dumps["#{map}#{centre ? " #{centre}" : ''}"] = board(load(data))
    end
  end
  puts JSON.generate(dumps)
end
