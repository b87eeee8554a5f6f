/**
 * The app-wide shortcuts: which command a key press means, and the list the "Keyboard shortcuts"
 * dialog shows. Ctrl and ⌘ both count as the modifier, so a Mac keyboard's habits work everywhere.
 */
export type Command = 'run' | 'save' | 'help';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The command `e` means, or null. `typing` is true while focus is in a text field or the editor,
 * where "?" is a character to type, not a request for help.
 */
export function commandOf(e: KeyPress, typing: boolean): Command | null {
  const mod = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
  if (mod && e.key === 'Enter') return 'run';
  if (mod && e.key.toLowerCase() === 's') return 'save';
  if (!typing && e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey) return 'help';
  return null;
}

/** True on Apple platforms, where the dialog names ⌘ instead of Ctrl. */
export function isApple(platform: string): boolean {
  return /Mac|iPhone|iPad/i.test(platform);
}

export interface ShortcutGroup {
  title: string;
  keys: Array<{ keys: string[]; does: string }>;
}

export function shortcutGroups(apple: boolean): ShortcutGroup[] {
  const mod = apple ? '⌘' : 'Ctrl';
  return [
    {
      title: 'Anywhere',
      keys: [
        { keys: [mod, 'Enter'], does: 'Run the selected tool, then move focus to its result' },
        { keys: [mod, 'S'], does: 'Save the workspace now (it also saves by itself)' },
        { keys: ['?'], does: 'Show these shortcuts (outside text fields)' },
        { keys: ['Esc'], does: 'Close a dialog, a prompt or a popup' },
      ],
    },
    {
      title: 'Editor',
      keys: [
        { keys: ['Esc', 'Tab'], does: 'Leave the editor (one after the other; Tab indents otherwise)' },
        {
          keys: apple ? ['Ctrl', 'Shift', 'M'] : ['Ctrl', 'M'],
          does: 'Switch Tab between indenting and moving focus out of the editor',
        },
        { keys: ['F1'], does: 'Command palette' },
        { keys: ['Alt', 'F1'], does: 'Accessibility help of the editor' },
      ],
    },
    {
      title: 'Files',
      keys: [
        { keys: ['↑', '↓'], does: 'Previous or next item' },
        { keys: ['→', '←'], does: 'Open or close a folder; go into it or up to its parent' },
        { keys: ['Home', 'End'], does: 'First or last item' },
        { keys: ['Enter'], does: 'Open the file in the editor' },
        { keys: ['a–z'], does: 'Next item starting with that letter' },
        { keys: ['F2'], does: 'Rename' },
        { keys: ['Delete'], does: 'Delete (asks first)' },
      ],
    },
    {
      title: 'Panes and toolbars',
      keys: [
        { keys: ['←', '→'], does: 'Move between the buttons of a toolbar or the pane switcher' },
        { keys: ['←', '→', '↑', '↓'], does: 'On a pane divider: resize (Shift: bigger steps)' },
        { keys: ['Home', 'End'], does: 'On a pane divider: smallest or largest size' },
        { keys: ['Enter'], does: 'On the divider of the files or telemetry pane: hide or show it' },
      ],
    },
  ];
}
