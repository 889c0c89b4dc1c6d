// A to-do list as a Lit element, written as Lit's docs teach: reactive properties declared in
// `static properties`, a template with `html`, the list drawn with Array.map (which reuses the rows
// by position; the docs keep `repeat` for keyed lists), styles scoped to the element's shadow root.
// A reused row's checkbox is bound with live(), as the docs advise for a value the user changes.
import { LitElement, html, css } from 'lit';
import { live } from 'lit/directives/live.js';

class TodoApp extends LitElement {
  static properties = {
    todos: { state: true },
    filter: { state: true },
  };

  static styles = css`
    :host {
      display: block;
      max-width: 520px;
      margin: 28px auto;
    }
    input.new {
      width: 100%;
      box-sizing: border-box;
      padding: 10px;
      font-size: 16px;
    }
    ul {
      list-style: none;
      padding: 0;
    }
    li {
      display: flex;
      align-items: center;
      gap: 10px;
      padding: 6px 0;
      border-bottom: 1px solid #eee;
    }
    li.completed .label {
      text-decoration: line-through;
      color: #999;
    }
    .delete {
      margin-left: auto;
      border: 0;
      background: none;
      cursor: pointer;
      padding: 4px;
    }
    footer {
      display: flex;
      gap: 18px;
      align-items: center;
      color: #555;
    }
    .filters button[aria-current='true'] {
      font-weight: bold;
    }
  `;

  constructor() {
    super();
    this.todos = [
      { text: 'Buy milk', completed: false },
      { text: 'Call Ada', completed: true },
      { text: 'Write report', completed: false },
      { text: 'Book flights', completed: true },
    ];
    this.filter = 'all';
  }

  get visibleTodos() {
    if (this.filter === 'active') return this.todos.filter((t) => !t.completed);
    if (this.filter === 'completed') return this.todos.filter((t) => t.completed);
    return this.todos;
  }

  render() {
    const left = this.todos.filter((t) => !t.completed).length;
    return html`
      <h2>To do</h2>
      <input
        class="new"
        placeholder="Add something to do"
        aria-label="New to-do"
        @keydown=${this.onKeydown}
      />
      <label
        ><input
          type="checkbox"
          class="toggle-all"
          .checked=${this.todos.length > 0 && left === 0}
          @change=${this.toggleAll}
        />
        Mark all done</label
      >
      <ul class="todo-list">
        ${this.visibleTodos.map(
          (item) => html`
            <li class=${item.completed ? 'completed' : ''}>
              <input
                type="checkbox"
                class="toggle"
                .checked=${live(item.completed)}
                @change=${() => this.toggleCompleted(item)}
              />
              <span class="label">${item.text}</span>
              <button class="delete" title="Delete" @click=${() => this.deleteItem(item)}>
                <svg width="14" height="16" viewBox="0 0 14 16" aria-hidden="true">
                  <path d="M1 3h12M5 3V1h4v2M2 3l1 12h8l1-12" fill="none" stroke="#b33" stroke-width="1.5" />
                </svg>
              </button>
            </li>
          `,
        )}
      </ul>
      <footer>
        <span class="count">${left} ${left === 1 ? 'item' : 'items'} left</span>
        <span class="filters">
          ${['all', 'active', 'completed'].map(
            (f) =>
              html`<button aria-current=${this.filter === f} @click=${() => (this.filter = f)}>
                ${f[0].toUpperCase() + f.slice(1)}
              </button>`,
          )}
        </span>
      </footer>
    `;
  }

  onKeydown(e) {
    if (e.key !== 'Enter') return;
    const text = e.target.value.trim();
    if (!text) return;
    this.todos = [...this.todos, { text, completed: false }];
    e.target.value = '';
  }

  toggleCompleted(item) {
    item.completed = !item.completed;
    this.requestUpdate();
  }

  toggleAll(e) {
    const completed = e.target.checked;
    this.todos = this.todos.map((t) => ({ ...t, completed }));
  }

  deleteItem(item) {
    this.todos = this.todos.filter((t) => t !== item);
  }
}
customElements.define('todo-app', TodoApp);
