# frozen_string_literal: true

# What the reference 18ZOO engine (18xx.games' own code, ../shared/oracle/18xx) offers the acting
# entity, position by position, for the harness's two-way comparison (issue 42 item 2). One
# process follows one exported game; it reads commands on stdin, one a line, and answers each
# with one JSON line:
#
#   offer        the candidates the site's steps offer now: {"entity", "keys": {key: action}}
#   try JSON     whether the engine accepts that action now, in a forked copy of the game:
#                {"ok": true} or {"ok": false, "error": message}; the game itself is untouched
#   next         process the game's next recorded action: {"ok": true} or the error
#
# The keys are the ones tools/zoo18_oracle.py builds from Plateau's `legal`:
#   lay HEX TILE ROTATION, token HEX CITY, train ID VARIANT MIN-MAX, buy CORP SOURCE PERCENT,
#   sell CORP PERCENT, par CORP PRICE, company ID MIN-MAX, dividend KIND,
#   power COMPANY TYPE, and type TYPE for the actions with no arguments to enumerate.
# A candidate is what the site's own views list (its steps' available hexes, upgradeable tiles
# and legal rotations, tokenable cities, buyable trains and bundles, par prices, companies);
# `try` is the judge of any candidate the two engines do not share.
#
#   ruby tools/zoo18_legal.rb ORACLE_DIR GAME.json
require 'json'
require 'logger'

oracle, path = ARGV
$LOAD_PATH.unshift File.join(oracle, 'shim')
$LOAD_PATH.unshift File.join(oracle, 'lib')
ENV['ENGINE_LOG_LEVEL'] ||= ::Logger::FATAL.to_s # the engine logs to stdout, which is ours
require 'engine'

data = JSON.parse(File.read(path))
recorded = data['actions']
game = Engine::Game.load(data.merge('actions' => []), at_action: 0)

def action(entity, type, **fields)
  kind = if entity.corporation? then 'corporation'
         elsif entity.company? then 'company'
         else 'player'
         end
  { 'type' => type, 'entity' => entity.id, 'entity_type' => kind }.merge(fields.transform_keys(&:to_s))
end

def step_for(round, entity, type)
  round.steps.find { |s| s.active? && s.actions(entity).include?(type) }
end

# The site's views rotate every tile of its supply list they try (`upgradeable_tiles`:
# `tile.rotate!`), and from rules 18's quirk that list may hold a copy that is on the board
# (the other face of its piece upgraded away): asking the views would turn that hex's track
# in the game this tool follows. Only a browser's copy of a game asks the views; the site's
# server never does, so the rotations of the board are put back after asking.
def lays(game, step, entity, keys)
  rotations = game.hexes.map { |hex| [hex.tile, hex.tile.rotation] }
  lays_offered(game, step, entity, keys)
ensure
  rotations&.each { |tile, rotation| tile.rotate!(rotation) }
end

def lays_offered(game, step, entity, keys)
  game.hexes.each do |hex|
    next unless step.available_hex(entity, hex)

    cost = game.upgrade_cost(hex.tile, hex, entity, entity)
    next if cost > entity.cash && !entity.companies.any? { |c| c.id == 'SHINING_GOLD' }

    step.upgradeable_tiles(entity, hex).each do |tile|
      tile.legal_rotations.each do |rotation|
        keys["lay #{hex.id} #{tile.name} #{rotation}"] =
          action(entity, 'lay_tile', hex: hex.id, tile: tile.id, rotation: rotation)
      end
    end
  end
end

def tokens(game, step, entity, keys)
  game.graph.tokenable_cities(entity).each do |city|
    next unless step.available_hex(entity, city.hex)

    keys["token #{city.hex.id} #{city.index}"] =
      action(entity, 'place_token', city: city.id, slot: city.get_slot(entity) || 0)
  end
end

def trains(step, entity, keys)
  must = step.must_buy_train?(entity)
  step.buyable_trains(entity).each do |train|
    if train.from_depot?
      step.buyable_train_variants(train, entity).each do |variant|
        next if variant[:price] > step.send(:buying_power, entity) && !must

        keys["train #{train.id} #{variant[:name]} #{variant[:price]}-#{variant[:price]}"] =
          action(entity, 'buy_train', train: train.id, price: variant[:price], variant: variant[:name])
      end
    else
      low, high = step.spend_minmax(entity, train)
      keys["train #{train.id} #{train.name} #{low}-#{high}"] =
        action(entity, 'buy_train', train: train.id, price: low, variant: train.name)
    end
  end
end

def shares(game, round, player, keys)
  buy = step_for(round, player, 'buy_shares')
  sell = step_for(round, player, 'sell_shares')
  par = step_for(round, player, 'par')
  game.corporations.each do |corp|
    if buy && corp.ipoed # the site's views offer no share of a family not opened
      [['ipo', corp.ipo_shares], ['market', game.share_pool.shares_by_corporation[corp]]].each do |source, held|
        held.uniq(&:percent).each do |share|
          next unless buy.can_buy?(player, share.to_bundle)

          keys["buy #{corp.id} #{source} #{share.percent}"] =
            action(player, 'buy_shares', shares: [share.id], percent: share.percent)
        end
      end
    end
    if sell
      game.sellable_bundles(player, corp).each do |bundle|
        next unless sell.can_sell?(player, bundle)

        keys["sell #{corp.id} #{bundle.percent}"] =
          action(player, 'sell_shares', shares: bundle.shares.map(&:id), percent: bundle.percent)
      end
    end
    # the view offers only the families the neighbour rule leaves (the engine never asks)
    next unless par && !corp.ipoed && game.can_par?(corp, player) && game.corporation_available?(corp)

    par.get_par_prices(player, corp).each do |price|
      next if price.price * 2 > player.cash

      keys["par #{corp.id} #{price.price}"] =
        action(player, 'par', corporation: corp.id, share_price: price.id)
    end
  end
end

def companies(game, round, entity, keys)
  if (draft = step_for(round, entity, 'bid'))
    draft.available.each do |company|
      next unless draft.may_purchase?(company) && draft.min_bid(company) <= entity.cash

      price = draft.min_bid(company)
      keys["company #{company.id} #{price}-#{price}"] = action(entity, 'bid', company: company.id, price: price)
    end
  end
  return unless (buy = step_for(round, entity, 'buy_company'))

  if entity.player?
    buy.available_companies.each do |company|
      next unless buy.can_buy_company?(entity, company) && company.value <= entity.cash

      keys["company #{company.id} #{company.value}-#{company.value}"] =
        action(entity, 'buy_company', company: company.id, price: company.value)
    end
  else
    game.purchasable_companies(entity).each do |company|
      high = [company.max_price, entity.cash].min
      next if company.min_price > high

      keys["company #{company.id} #{company.min_price}-#{high}"] =
        action(entity, 'buy_company', company: company.id, price: company.min_price)
    end
  end
end

DETAILED = %w[lay_tile place_token buy_train buy_shares sell_shares par bid buy_company dividend].freeze
# what any seat may always send, never a move of the game
META = %w[end_game log message undo redo].freeze

def meta?(type)
  META.include?(type) || type.start_with?('program_')
end

def offer(game)
  round = game.round
  entity = game.current_entity
  keys = {}
  types = (round.actions_for(entity) || []).reject { |type| meta?(type) }
  if entity.company? # a power's own step (its second lay, HOLE's other end): its moves
    types.each do |type|
      keys[type == 'pass' ? 'type pass' : "power #{entity.id} #{type}"] = action(entity, type)
    end
    return { entity: entity.id, keys: keys }
  end
  (types - DETAILED).each { |type| keys["type #{type}"] = action(entity, type) }
  if types.include?('lay_tile') && (step = step_for(round, entity, 'lay_tile'))
    lays(game, step, entity, keys)
  end
  if types.include?('place_token') && (step = step_for(round, entity, 'place_token'))
    tokens(game, step, entity, keys)
  end
  if types.include?('buy_train') && (step = step_for(round, entity, 'buy_train'))
    trains(step, entity, keys)
  end
  if types.include?('dividend') && (step = step_for(round, entity, 'dividend'))
    step.dividend_types.each { |kind| keys["dividend #{kind}"] = action(entity, 'dividend', kind: kind) }
  end
  seller = entity.corporation? ? entity.owner : entity
  # in an OR the engine lets the president sell at the train step whenever the family is
  # short of the depot's train (its own TODO: "needs to check it actually needs to sell");
  # the site's view offers the sale only when the family must buy a train
  forced = entity.corporation? && (buy = step_for(round, entity, 'buy_train')) && buy.must_buy_train?(entity)
  shares(game, round, seller, keys) if seller&.player? && (entity.player? || forced)
  companies(game, round, entity, keys)
  held = entity.companies.dup
  held += entity.owner.companies if entity.corporation? && entity.owner&.player?
  held.uniq.each do |company|
    company_types = (round.actions_for(company) || []).reject { |type| meta?(type) }
    # a power's own pass stands for its owner's while the owner may pass
    company_types -= ['pass'] if types.include?('pass')
    company_types.each do |type|
      keys["power #{company.id} #{type}"] = action(company, type)
    end
  end
  { entity: entity&.id, keys: keys }
end

def fixed(game, action)
  return action unless action['type'] == 'lay_tile' && !game.tile_by_id(action['tile'])

  copy = game.tiles.find { |t| t.name == action['tile'] } # a tile named, not a copy: any copy
  copy ? action.merge('tile' => copy.id) : action
end

def try(game, action)
  reader, writer = IO.pipe
  pid = fork do
    reader.close
    begin
      game.process_action(fixed(game, action))
      game.maybe_raise!
      writer.write(JSON.generate(ok: true))
    rescue StandardError => e
      writer.write(JSON.generate(ok: false, error: e.message))
    end
    writer.close
    exit!(0)
  end
  writer.close
  answer = reader.read
  Process.wait(pid)
  answer.empty? ? JSON.generate(ok: false, error: 'crashed') : answer
end

index = 0
$stdout.sync = true
$stdin.each_line do |line|
  command, argument = line.strip.split(' ', 2)
  case command
  when 'offer'
    begin
      puts JSON.generate(offer(game))
    rescue StandardError => e
      puts JSON.generate(error: "#{e.class}: #{e.message}")
    end
  when 'try'
    puts try(game, JSON.parse(argument))
  when 'next'
    begin
      game.process_action(recorded[index])
      game.maybe_raise!
      index += 1
      puts JSON.generate(ok: true)
    rescue StandardError => e
      puts JSON.generate(ok: false, error: e.message)
    end
  end
end
