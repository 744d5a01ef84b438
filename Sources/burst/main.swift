import Shell

Burst.main()
