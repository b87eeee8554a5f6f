/**
 * The icons toolplay uses (Lucide, one module each so only these are bundled). A new panel picks
 * from here, or adds its icon here, so the set stays one family at one stroke width.
 */
export type { LucideIcon as IconComponent } from '@lucide/svelte';
export { default as BookOpen } from '@lucide/svelte/icons/book-open';
export { default as ChevronDown } from '@lucide/svelte/icons/chevron-down';
export { default as ChevronRight } from '@lucide/svelte/icons/chevron-right';
export { default as Copy } from '@lucide/svelte/icons/copy';
export { default as CopyPlus } from '@lucide/svelte/icons/copy-plus';
export { default as Download } from '@lucide/svelte/icons/download';
export { default as Eraser } from '@lucide/svelte/icons/eraser';
export { default as File } from '@lucide/svelte/icons/file';
export { default as FileArchive } from '@lucide/svelte/icons/file-archive';
export { default as FilePlus } from '@lucide/svelte/icons/file-plus';
export { default as Folder } from '@lucide/svelte/icons/folder';
export { default as FolderOpen } from '@lucide/svelte/icons/folder-open';
export { default as FolderPlus } from '@lucide/svelte/icons/folder-plus';
export { default as FolderUp } from '@lucide/svelte/icons/folder-up';
export { default as FolderSync } from '@lucide/svelte/icons/folder-sync';
export { default as History } from '@lucide/svelte/icons/history';
export { default as Keyboard } from '@lucide/svelte/icons/keyboard';
export { default as Layers } from '@lucide/svelte/icons/layers';
export { default as LayoutGrid } from '@lucide/svelte/icons/layout-grid';
export { default as Link } from '@lucide/svelte/icons/link';
export { default as Maximize } from '@lucide/svelte/icons/maximize-2';
export { default as Monitor } from '@lucide/svelte/icons/monitor';
export { default as Moon } from '@lucide/svelte/icons/moon';
export { default as PanelBottomClose } from '@lucide/svelte/icons/panel-bottom-close';
export { default as PanelBottomOpen } from '@lucide/svelte/icons/panel-bottom-open';
export { default as PanelLeftClose } from '@lucide/svelte/icons/panel-left-close';
export { default as PanelLeftOpen } from '@lucide/svelte/icons/panel-left-open';
export { default as Pencil } from '@lucide/svelte/icons/pencil';
export { default as Play } from '@lucide/svelte/icons/play';
export { default as Plus } from '@lucide/svelte/icons/plus';
export { default as RefreshCw } from '@lucide/svelte/icons/refresh-cw';
export { default as RotateCcw } from '@lucide/svelte/icons/rotate-ccw';
export { default as Share } from '@lucide/svelte/icons/share-2';
export { default as Square } from '@lucide/svelte/icons/square';
export { default as Sun } from '@lucide/svelte/icons/sun';
export { default as Trash } from '@lucide/svelte/icons/trash-2';
export { default as Undo } from '@lucide/svelte/icons/undo-2';
export { default as Upload } from '@lucide/svelte/icons/upload';
export { default as X } from '@lucide/svelte/icons/x';
