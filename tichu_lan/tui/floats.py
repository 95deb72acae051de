"""A dialog floating over the screen, with no wide character cut in half at its sides.

A Japanese or Chinese character takes two cells. Where a float's side falls on one, the
screen keeps the character's other half beside the float: on the left, the terminal
draws the whole character over the float's border (prompt_toolkit's renderer skips
the cell after a wide character, whatever lies there); on the right, a lone right half
prints nothing and moves the rest of the row one cell left. `Mended` draws its float,
then blanks such halves beside it.
"""

from __future__ import annotations

from functools import partial

from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout.containers import AnyContainer, Container, to_container
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Char, Screen, WritePosition


class Mended(Container):
    def __init__(self, content: AnyContainer) -> None:
        self.content = to_container(content)

    def reset(self) -> None:
        self.content.reset()

    def preferred_width(self, max_available_width: int) -> Dimension:
        return self.content.preferred_width(max_available_width)

    def preferred_height(self, width: int, max_available_height: int) -> Dimension:
        return self.content.preferred_height(width, max_available_height)

    def write_to_screen(self, screen: Screen, mouse_handlers: MouseHandlers,
                        write_position: WritePosition, parent_style: str, erase_bg: bool,
                        z_index: int | None) -> None:
        self.content.write_to_screen(screen, mouse_handlers, write_position, parent_style,
                                     erase_bg, z_index)
        mend = partial(mend_sides, screen, write_position)
        if z_index is None or z_index <= 0:
            mend()
        else:                   # the float's window is drawn later, at its z_index: after it
            screen.draw_with_z_index(z_index, mend)

    def get_key_bindings(self) -> KeyBindingsBase | None:
        return None

    def get_children(self) -> list[Container]:
        return [self.content]


def mend_sides(screen: Screen, where: WritePosition) -> None:
    """Blank the halves of wide characters left beside ``where``'s sides."""
    left, right = where.xpos - 1, where.xpos + where.width
    for y in range(where.ypos, where.ypos + where.height):
        row = screen.data_buffer[y]
        if left >= 0 and row[left].width > 1:
            row[left] = Char(" ", row[left].style)
        if row[right].char == "" and row[right].width == 0:
            row[right] = Char(" ", row[right].style)
