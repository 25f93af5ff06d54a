/* The functions of symbols.h, each a jump through the address loader.c finds for it. Until that address
 * is known, the jump goes to jianpu_lazy_resolve_and_jump, which saves the argument registers, opens the
 * library (loader.c) and jumps on with them restored: any signature, variadic ones included.
 * Hidden: the program calls them, the libraries it opens never bind to them. */
#include "libraries.h"

#if defined(__x86_64__)

#define LAZY(library, name)                                   \
    .globl name; .hidden name; .type name, @function;         \
    .p2align 4;                                               \
name:                                                         \
    movq jianpu_lazy_##name(%rip), %r11;                      \
    testq %r11, %r11;                                         \
    jz 1f;                                                    \
    jmp *%r11;                                                \
1:  leaq jianpu_lazy_##name(%rip), %r11;                      \
    jmp jianpu_lazy_resolve_and_jump;                         \
    .size name, . - name;

    .text
#include "symbols.h"

    .p2align 4
    .type jianpu_lazy_resolve_and_jump, @function
jianpu_lazy_resolve_and_jump:
    /* The caller's return address is on top: rsp is 8 past a multiple of 16; 7 pushes make it one. */
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9
    pushq %rax
    subq $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    movq %r11, %rdi
    call jianpu_lazy_resolve
    movq %rax, %r11
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $128, %rsp
    popq %rax
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    jmp *%r11
    .size jianpu_lazy_resolve_and_jump, . - jianpu_lazy_resolve_and_jump

#elif defined(__aarch64__)

#define LAZY(library, name)                                   \
    .globl name; .hidden name; .type name, %function;         \
    .p2align 2;                                               \
name:                                                         \
    adrp x16, jianpu_lazy_##name;                             \
    add x16, x16, :lo12:jianpu_lazy_##name;                   \
    ldr x17, [x16];                                           \
    cbz x17, jianpu_lazy_resolve_and_jump;                    \
    br x17;                                                   \
    .size name, . - name;

    .text
#include "symbols.h"

    .p2align 2
    .type jianpu_lazy_resolve_and_jump, %function
jianpu_lazy_resolve_and_jump:
    /* x16 holds the function's descriptor; x0-x8 and q0-q7 carry its arguments. */
    stp x29, x30, [sp, #-224]!
    mov x29, sp
    stp x0, x1, [sp, #16]
    stp x2, x3, [sp, #32]
    stp x4, x5, [sp, #48]
    stp x6, x7, [sp, #64]
    str x8, [sp, #80]
    stp q0, q1, [sp, #96]
    stp q2, q3, [sp, #128]
    stp q4, q5, [sp, #160]
    stp q6, q7, [sp, #192]
    mov x0, x16
    bl jianpu_lazy_resolve
    mov x17, x0
    ldp q6, q7, [sp, #192]
    ldp q4, q5, [sp, #160]
    ldp q2, q3, [sp, #128]
    ldp q0, q1, [sp, #96]
    ldr x8, [sp, #80]
    ldp x6, x7, [sp, #64]
    ldp x4, x5, [sp, #48]
    ldp x2, x3, [sp, #32]
    ldp x0, x1, [sp, #16]
    ldp x29, x30, [sp], #224
    br x17
    .size jianpu_lazy_resolve_and_jump, . - jianpu_lazy_resolve_and_jump

#else
#error "CLibraryLoader has trampolines for x86_64 and aarch64 only"
#endif

    .section .note.GNU-stack, "", %progbits
