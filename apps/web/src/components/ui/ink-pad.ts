/** A point of a stroke, in CSS pixels from the canvas's top left corner. */
export type InkPoint = { x: number; y: number };
export type InkStroke = InkPoint[];

export type InkOptions = { color: string; width: number };

/**
 * Our own drawing surface for signatures (replacing a library, for the public signing page's
 * script budget): pointer events, so a finger, a pen and a mouse all draw, with rounded joins and
 * each point smoothed through the midpoints. The strokes are kept so the canvas can be redrawn
 * after it is resized.
 */
export class InkPad {
  private strokes: InkStroke[] = [];
  private current: InkStroke | undefined;
  private readonly strokeListeners = new Set<() => void>();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly options: InkOptions,
  ) {
    canvas.addEventListener('pointerdown', this.down);
    canvas.addEventListener('pointermove', this.move);
    canvas.addEventListener('pointerup', this.up);
    canvas.addEventListener('pointercancel', this.up);
  }

  /** Calls `listener` whenever a new stroke begins. */
  onStrokeStart(listener: () => void) {
    this.strokeListeners.add(listener);
  }

  isEmpty(): boolean {
    return this.strokes.length === 0;
  }

  toData(): InkStroke[] {
    return this.strokes.map((stroke) => [...stroke]);
  }

  /** Replaces the drawing with `strokes` (e.g. after the canvas was resized and cleared). */
  fromData(strokes: InkStroke[]) {
    this.strokes = strokes.map((stroke) => [...stroke]);
    this.redraw();
  }

  clear() {
    this.strokes = [];
    this.current = undefined;
    this.redraw();
  }

  /** Stops listening to the canvas. */
  off() {
    this.canvas.removeEventListener('pointerdown', this.down);
    this.canvas.removeEventListener('pointermove', this.move);
    this.canvas.removeEventListener('pointerup', this.up);
    this.canvas.removeEventListener('pointercancel', this.up);
    this.strokeListeners.clear();
  }

  private readonly down = (event: PointerEvent) => {
    if (event.button > 0) return;
    event.preventDefault();
    this.canvas.setPointerCapture?.(event.pointerId);
    this.current = [this.pointOf(event)];
    this.strokes.push(this.current);
    for (const listener of this.strokeListeners) listener();
    this.drawStroke(this.current);
  };

  private readonly move = (event: PointerEvent) => {
    const stroke = this.current;
    if (!stroke) return;
    event.preventDefault();
    const events = event.getCoalescedEvents?.() ?? [];
    for (const point of events.length > 0 ? events : [event]) stroke.push(this.pointOf(point));
    this.redraw();
  };

  private readonly up = () => {
    this.current = undefined;
  };

  private pointOf(event: PointerEvent): InkPoint {
    const box = this.canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  private redraw() {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    context.restore();
    for (const stroke of this.strokes) this.drawStroke(stroke);
  }

  private drawStroke(stroke: InkStroke) {
    const context = this.canvas.getContext('2d');
    const [first, ...rest] = stroke;
    if (!context || !first) return;
    context.strokeStyle = this.options.color;
    context.fillStyle = this.options.color;
    context.lineWidth = this.options.width;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    if (rest.length === 0) {
      // A tap leaves a dot.
      context.arc(first.x, first.y, this.options.width / 2, 0, Math.PI * 2);
      context.fill();
      return;
    }
    context.moveTo(first.x, first.y);
    let previous = first;
    for (const point of rest) {
      // Through the midpoints, with each recorded point as the control: a smooth line, not a polygon.
      context.quadraticCurveTo(previous.x, previous.y, (previous.x + point.x) / 2, (previous.y + point.y) / 2);
      previous = point;
    }
    context.lineTo(previous.x, previous.y);
    context.stroke();
  }
}
