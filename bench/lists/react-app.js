// A to-do list written as React's docs teach (function components, useState, keyed items), with
// React.createElement instead of JSX so that the bundle needs no compiler.
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';

const e = React.createElement;

const INITIAL = [
  { id: 1, title: 'Buy milk', done: false },
  { id: 2, title: 'Call Ada', done: true },
  { id: 3, title: 'Write report', done: false },
  { id: 4, title: 'Book flights', done: true },
];

const FILTERS = {
  all: () => true,
  active: (t) => !t.done,
  completed: (t) => t.done,
};

function AddTask({ onAdd }) {
  const [text, setText] = useState('');
  function handleSubmit(event) {
    event.preventDefault();
    const title = text.trim();
    if (!title) return;
    onAdd(title);
    setText('');
  }
  return e(
    'form',
    { className: 'add', onSubmit: handleSubmit },
    e('input', {
      className: 'new-task',
      placeholder: 'What needs to be done?',
      'aria-label': 'New task',
      value: text,
      onChange: (event) => setText(event.target.value),
    }),
  );
}

function Task({ task, onToggle, onDelete }) {
  return e(
    'li',
    { className: task.done ? 'task done' : 'task' },
    e(
      'label',
      null,
      e('input', {
        type: 'checkbox',
        className: 'toggle',
        checked: task.done,
        onChange: () => onToggle(task.id),
      }),
      ' ',
      e('span', { className: 'title' }, task.title),
    ),
    e('button', { className: 'delete', title: 'Delete task', onClick: () => onDelete(task.id) }, '\u00d7'),
  );
}

function FilterButton({ name, label, current, onSelect }) {
  return e(
    'button',
    { type: 'button', className: 'filter', 'aria-pressed': current === name, onClick: () => onSelect(name) },
    label,
  );
}

function TaskApp() {
  const [tasks, setTasks] = useState(INITIAL);
  const [filter, setFilter] = useState('all');
  const [nextId, setNextId] = useState(5);

  function addTask(title) {
    setTasks([...tasks, { id: nextId, title, done: false }]);
    setNextId(nextId + 1);
  }
  function toggleTask(id) {
    setTasks(tasks.map((t) => (t.id === id ? { ...t, done: !t.done } : t)));
  }
  function deleteTask(id) {
    setTasks(tasks.filter((t) => t.id !== id));
  }
  function toggleAll(done) {
    setTasks(tasks.map((t) => ({ ...t, done })));
  }
  function clearCompleted() {
    setTasks(tasks.filter((t) => !t.done));
  }

  const visible = tasks.filter(FILTERS[filter]);
  const left = tasks.filter((t) => !t.done).length;
  const allDone = tasks.length > 0 && left === 0;

  return e(
    'section',
    { className: 'tasks' },
    e('h2', null, 'My tasks'),
    e(AddTask, { onAdd: addTask }),
    e(
      'label',
      { className: 'toggle-all' },
      e('input', {
        type: 'checkbox',
        id: 'toggle-all',
        checked: allDone,
        onChange: (ev) => toggleAll(ev.target.checked),
      }),
      ' Mark all as complete',
    ),
    e(
      'ul',
      { className: 'task-list' },
      visible.map((task) => e(Task, { key: task.id, task, onToggle: toggleTask, onDelete: deleteTask })),
    ),
    e(
      'footer',
      { className: 'task-footer' },
      e('span', { className: 'count' }, `${left} ${left === 1 ? 'item' : 'items'} left`),
      e(
        'div',
        { className: 'filters', role: 'group', 'aria-label': 'Show' },
        e(FilterButton, { name: 'all', label: 'All', current: filter, onSelect: setFilter }),
        e(FilterButton, { name: 'active', label: 'Active', current: filter, onSelect: setFilter }),
        e(FilterButton, { name: 'completed', label: 'Completed', current: filter, onSelect: setFilter }),
      ),
      tasks.length > left &&
        e('button', { type: 'button', className: 'clear', onClick: clearCompleted }, 'Clear completed'),
    ),
  );
}

createRoot(document.getElementById('root')).render(e(TaskApp));
