// Pacing: a bot's moves and the chance outcomes they meet are shown one step at a time, each
// position for a moment, even when the server sent the whole turn at once. The steps come from
// the log; each position is asked for as a review of that step (the server redacts it as the
// seat saw it). The speed is remembered in localStorage; "off" shows everything at once.
export const SPEEDS = { off: 0, slow: 1500, normal: 700, fast: 250 };
const KEY = "tablesports.speed";

export function speed() {
  const s = localStorage.getItem(KEY);
  return s in SPEEDS ? s : "normal";
}

export function setSpeed(s) {
  localStorage.setItem(KEY, s in SPEEDS ? s : "normal");
}

// A queue of log step indexes to show; `show(i)` resolves once step i's position is drawn.
export class Pacer {
  constructor(show, done) {
    this.show = show;
    this.done = done;
    this.queue = [];
    this.running = false;
    this.skipped = false;
  }

  get active() {
    return this.running;
  }

  push(steps) {
    this.queue.push(...steps);
    if (!this.running) this.run();
  }

  skip() {
    this.queue = [];
    this.skipped = true;
  }

  async run() {
    this.running = true;
    this.skipped = false;
    while (this.queue.length && !this.skipped) {
      const i = this.queue.shift();
      await this.show(i);
      const wait = SPEEDS[speed()];
      if (!wait) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    this.queue = [];
    this.running = false;
    this.done();
  }
}
