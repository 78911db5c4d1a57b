// framebuffer ioctls for LinuxPlatform: geometry, blanking, the console's graphics mode,
// and the terminal's window size (the terminal display).
#ifndef CLINUX_FRAMEBUFFER_H
#define CLINUX_FRAMEBUFFER_H

#include <sys/ioctl.h>
#include <linux/fb.h>
#include <linux/kd.h>

/// FBIOGET_VSCREENINFO: resolution, depth and the red/green/blue bit fields.
static inline int CLinux_fb_get_variable_info(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

/// FBIOGET_FSCREENINFO: line_length, memory size, type and visual.
static inline int CLinux_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

/// FBIOBLANK with FB_BLANK_UNBLANK (0) or FB_BLANK_POWERDOWN (4).
static inline int CLinux_fb_blank(int fd, int level) {
    return ioctl(fd, FBIOBLANK, (unsigned long)level);
}

static const int CLinux_FB_BLANK_UNBLANK = FB_BLANK_UNBLANK;
static const int CLinux_FB_BLANK_POWERDOWN = FB_BLANK_POWERDOWN;
static const unsigned int CLinux_FB_TYPE_PACKED_PIXELS = FB_TYPE_PACKED_PIXELS;
static const unsigned int CLinux_FB_VISUAL_TRUECOLOR = FB_VISUAL_TRUECOLOR;
static const unsigned int CLinux_FB_VISUAL_DIRECTCOLOR = FB_VISUAL_DIRECTCOLOR;

/// KDGETMODE: KD_TEXT or KD_GRAPHICS.
static inline int CLinux_console_get_mode(int fd, int *mode) {
    return ioctl(fd, KDGETMODE, mode);
}

/// KDSETMODE: KD_GRAPHICS stops the console drawing over the framebuffer; KD_TEXT restores it.
static inline int CLinux_console_set_mode(int fd, int mode) {
    return ioctl(fd, KDSETMODE, (unsigned long)mode);
}

static const int CLinux_KD_TEXT = KD_TEXT;
static const int CLinux_KD_GRAPHICS = KD_GRAPHICS;

/// TIOCGWINSZ: the terminal's size in character cells.
static inline int CLinux_terminal_window_size(int fd, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    int result = ioctl(fd, TIOCGWINSZ, &size);
    if (result == 0) {
        *rows = size.ws_row;
        *columns = size.ws_col;
    }
    return result;
}

#endif
