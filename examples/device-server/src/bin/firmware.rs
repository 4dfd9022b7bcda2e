//! The device server as Cortex-M4F firmware (`thumbv7em-none-eabihf`): no `std`, no
//! allocator (there is no `#[global_allocator]`: anything needing one would fail to link).
//!
//! The byte channel is USART2 of an STM32F4 driven by polling its status and data registers,
//! and the clock is a SysTick millisecond counter. The clock tree and pin set-up a real board
//! needs are left out (this binary is built and measured, not flashed), so the UART is a
//! stand-in: its registers are read and written as on the part, which keeps the whole server
//! in the image. The server's memory is in `static`s, so `size` counts it.
#![no_std]
#![no_main]

use core::panic::PanicInfo;
use core::sync::atomic::{AtomicU32, Ordering};
use cortex_m_rt::{entry, exception};
use device_server::{Buffers, ByteChannel, DeviceServer, Read};

/// USART2's registers on an STM32F4: status (SR), then data (DR).
const USART2_SR: usize = 0x4000_4400;
const USART2_DR: usize = 0x4000_4404;
/// SR: a byte was received / the transmit register is empty.
const RXNE: u32 = 1 << 5;
const TXE: u32 = 1 << 7;

/// SysTick's control, reload and current value registers.
const SYST_CSR: usize = 0xE000_E010;
const SYST_RVR: usize = 0xE000_E014;
const SYST_CVR: usize = 0xE000_E018;
/// The core clock after reset (the STM32F4's 16 MHz HSI).
const CORE_HZ: u32 = 16_000_000;

fn read_reg(addr: usize) -> u32 {
    // SAFETY: a memory-mapped peripheral register of the part, read as a word.
    unsafe { core::ptr::read_volatile(addr as *const u32) }
}

fn write_reg(addr: usize, value: u32) {
    // SAFETY: a memory-mapped peripheral register of the part, written as a word.
    unsafe { core::ptr::write_volatile(addr as *mut u32, value) }
}

/// A polled UART: reads what the receive register holds, writes byte by byte.
struct Uart;

impl ByteChannel for Uart {
    fn read(&mut self, buf: &mut [u8]) -> Read {
        let mut n = 0;
        for slot in buf.iter_mut() {
            if read_reg(USART2_SR) & RXNE == 0 {
                break;
            }
            // The data register's low byte is the received byte.
            *slot = read_reg(USART2_DR) as u8;
            n += 1;
        }
        if n == 0 {
            Read::Idle
        } else {
            Read::Bytes(n)
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            while read_reg(USART2_SR) & TXE == 0 {}
            write_reg(USART2_DR, u32::from(b));
        }
    }
}

/// Milliseconds since start, counted by the SysTick exception.
static MILLIS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    MILLIS.fetch_add(1, Ordering::Relaxed);
}

/// The millisecond counter widened to 64 bits (the 32-bit one wraps after 49 days).
struct Clock {
    last: u32,
    total: u64,
}

impl Clock {
    fn now(&mut self) -> u64 {
        let t = MILLIS.load(Ordering::Relaxed);
        self.total += u64::from(t.wrapping_sub(self.last));
        self.last = t;
        self.total
    }
}

#[entry]
fn main() -> ! {
    // cortex-m-rt hands these `static mut`s to `main` as `&'static mut`: the server's memory
    // is in `.bss`, counted by `size`.
    static mut BUFFERS: Buffers = Buffers::new();
    static mut SERVER: Option<DeviceServer<'static>> = None;

    write_reg(SYST_RVR, CORE_HZ / 1_000 - 1);
    write_reg(SYST_CVR, 0);
    write_reg(SYST_CSR, 0b111); // processor clock, exception on, counter on
    let Ok(server) = DeviceServer::new(BUFFERS) else {
        halt()
    };
    let server = SERVER.insert(server);
    let mut clock = Clock { last: 0, total: 0 };
    loop {
        server.step(&mut Uart, clock.now());
    }
}

fn halt() -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// The minimal panic handler: stop. (The core never panics on input; this is for bugs.)
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    halt()
}
