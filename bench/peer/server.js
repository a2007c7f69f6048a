// The peer: a boardgame.io server with a game of the same shape as bench/counter_game.py
// (4 players take turns bumping a public counter; each has a secret hand that
// PlayerView.STRIP_SECRETS removes for the others). Default InMemory storage, moves are
// server-authoritative (client: false). Usage: node server.js PORT
const { Server, Origins } = require('boardgame.io/server');
const { PlayerView, INVALID_MOVE } = require('boardgame.io/core');

const Counter = {
  name: 'counter',
  setup: ({ ctx, random }) => {
    const players = {};
    for (let p = 0; p < ctx.numPlayers; p++) {
      const hand = [];
      for (let i = 0; i < 5; i++) hand.push(random.Die(100) - 1);
      players[String(p)] = { hand };
    }
    return { counter: 0, moves: 0, players };
  },
  playerView: PlayerView.STRIP_SECRETS,
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    bump: {
      move: ({ G }, amount) => {
        const n = amount || 1;
        if (n < 1 || n > 3) return INVALID_MOVE;
        return { ...G, counter: G.counter + n, moves: G.moves + 1 };
      },
      client: false,
    },
  },
};

const port = Number(process.argv[2] || 8001);
const server = Server({ games: [Counter], origins: [Origins.LOCALHOST, '*'] });
server.run({ port, callback: () => console.log(`bgio listening on ${port}`) });
